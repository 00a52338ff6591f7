/**
 * Fails when `schema.ts` and the committed migrations disagree, i.e. when `npm run db:generate`
 * would write a migration (decision 020). pg-boss's own `pgboss` schema is created at run time
 * and is in neither, so it never counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { MIGRATIONS_DIR } from './open';
import { pendingMigration, readMigrationFolder, snapshotOf } from './migration-drift';

describe('committed migrations', () => {
  const { folder, problems } = readMigrationFolder(MIGRATIONS_DIR);
  const latest = folder.snapshots.at(-1)!;

  it('form one chain: every journal entry has its SQL file and a snapshot following the one before', () => {
    expect(folder.entries.length).toBeGreaterThan(0);
    expect(problems, 'the migrations folder is inconsistent (two generations at once?)').toEqual([]);
  });

  it('would notice a broken chain: a file outside the journal, a forked snapshot', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-migrations-'));
    try {
      fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
      fs.writeFileSync(path.join(copy, '9999_stray.sql'), 'SELECT 1;');
      const last = folder.entries.at(-1)!;
      const lastSnapshot = path.join(copy, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
      fs.writeFileSync(lastSnapshot, JSON.stringify({ ...latest, prevId: 'another-parent' }));
      const broken = readMigrationFolder(copy).problems.join('\n');
      expect(broken).toContain('9999_stray.sql is not in meta/_journal.json');
      if (folder.entries.length > 1) expect(broken).toContain('does not follow the snapshot before it');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('match schema.ts: generating a migration would write nothing', async () => {
    const pending = await pendingMigration(schema, latest);
    expect(pending, 'schema.ts differs from the committed migrations: run `npm run db:generate` and commit the new migration').toEqual([]);
  });

  it('would notice a change: a snapshot missing an index or a column yields a migration', async () => {
    // Built from schema.ts itself, so this check of the checker holds whatever is committed.
    const base = snapshotOf(schema, latest.id);
    expect(await pendingMigration(schema, base)).toEqual([]);
    const [tableName, table] = Object.entries(base.tables).find(([, t]) => Object.keys(t.indexes).length > 0)!;
    const indexName = Object.keys(table.indexes)[0]!;
    const withoutIndex = structuredClone(base);
    delete withoutIndex.tables[tableName]!.indexes[indexName];
    expect((await pendingMigration(schema, withoutIndex)).join('\n')).toMatch(new RegExp(`CREATE (UNIQUE )?INDEX "${indexName}"`));

    const columnName = Object.keys(table.columns).at(-1)!;
    const withoutColumn = structuredClone(base);
    delete withoutColumn.tables[tableName]!.columns[columnName];
    expect(await pendingMigration(schema, withoutColumn)).toEqual([`table ${tableName}: column ${columnName} added`]);
  });
});
