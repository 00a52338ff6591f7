/**
 * Drift between `schema.ts` and the committed migrations (decision 020), as `npm run db:generate`
 * sees it: drizzle-kit compares the schema with the latest snapshot under migrations/meta and
 * writes whatever differs. This module asks drizzle-kit's own differ the same question without
 * writing anything, and checks that the journal, the SQL files and the snapshots form one chain
 * (two generations at once leave a fork or a file outside the journal).
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';

/** The parts of a drizzle-kit snapshot (meta/NNNN_snapshot.json) read here. */
export interface Snapshot {
  id: string;
  prevId: string;
  tables: Record<string, { columns: Record<string, unknown>; indexes: Record<string, unknown> }>;
  [objects: string]: unknown;
}

interface JournalEntry {
  idx: number;
  tag: string;
}

export interface MigrationFolder {
  entries: JournalEntry[];
  snapshots: Snapshot[];
}

const snapshotFile = (idx: number) => `${String(idx).padStart(4, '0')}_snapshot.json`;

/** Reads the journal and every snapshot; answers the problems of the chain (empty when sound). */
export function readMigrationFolder(dir: string): { folder: MigrationFolder; problems: string[] } {
  const problems: string[] = [];
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const snapshots: Snapshot[] = [];
  journal.entries.forEach((entry, position) => {
    if (entry.idx !== position) problems.push(`journal entry ${entry.tag} has idx ${entry.idx}, expected ${position}`);
    if (!fs.existsSync(path.join(dir, `${entry.tag}.sql`))) problems.push(`${entry.tag}.sql is in the journal but missing`);
    const file = path.join(dir, 'meta', snapshotFile(entry.idx));
    if (!fs.existsSync(file)) {
      problems.push(`meta/${snapshotFile(entry.idx)} is missing`);
      return;
    }
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
    const previous = snapshots.at(-1);
    if (previous && snapshot.prevId !== previous.id) {
      problems.push(
        `meta/${snapshotFile(entry.idx)} does not follow the snapshot before it (prevId ${snapshot.prevId}, expected ${previous.id})`,
      );
    }
    snapshots.push(snapshot);
  });
  const tags = new Set(journal.entries.map((entry) => entry.tag));
  for (const file of fs.readdirSync(dir)) {
    if (file.endsWith('.sql') && !tags.has(file.slice(0, -4))) problems.push(`${file} is not in meta/_journal.json`);
  }
  const snapshotFiles = new Set(journal.entries.map((entry) => snapshotFile(entry.idx)));
  for (const file of fs.readdirSync(path.join(dir, 'meta'))) {
    if (file.endsWith('_snapshot.json') && !snapshotFiles.has(file)) problems.push(`meta/${file} belongs to no journal entry`);
  }
  return { folder: { entries: journal.entries, snapshots }, problems };
}

/** The snapshot drizzle-kit would write for the schema module now. */
export function snapshotOf(schemaModule: Record<string, unknown>, prevId: string): Snapshot {
  return generateDrizzleJson(schemaModule, prevId) as unknown as Snapshot;
}

/** Object keys added and removed between two records, e.g. "table users: column x added". */
function namesChanged(what: string, before: object, after: object): string[] {
  const old = new Set(Object.keys(before));
  const now = new Set(Object.keys(after));
  return [
    ...[...now].filter((name) => !old.has(name)).map((name) => `${what} ${name} added`),
    ...[...old].filter((name) => !now.has(name)).map((name) => `${what} ${name} removed`),
  ];
}

/**
 * What generating a migration would write for `schemaModule` on top of `latest`: added or
 * removed objects by name, else drizzle-kit's SQL statements. Names are compared first because
 * drizzle-kit asks on the terminal whether an added and a removed column are a rename; a test
 * must never wait for that question.
 */
export async function pendingMigration(schemaModule: Record<string, unknown>, latest: Snapshot): Promise<string[]> {
  const current = snapshotOf(schemaModule, latest.id);
  const renamable = ['tables', 'enums', 'schemas', 'sequences', 'roles', 'policies', 'views'] as const;
  const changed = renamable.flatMap((kind) =>
    namesChanged(kind.replace(/s$/, ''), (latest[kind] ?? {}) as object, (current[kind] ?? {}) as object),
  );
  for (const [name, table] of Object.entries(current.tables)) {
    const before = latest.tables[name];
    if (before) changed.push(...namesChanged(`table ${name}: column`, before.columns, table.columns));
  }
  if (changed.length > 0) return changed;
  return generateMigration(latest as unknown as DrizzleSnapshotJSON, current as unknown as DrizzleSnapshotJSON);
}
