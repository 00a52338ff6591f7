/**
 * The constraints migration (decision 020) on a database that already has rows: it repairs what
 * older code could leave behind and the new unique indexes refuse (several main photos of one
 * profile, several standing consents of one kind), then adds every constraint. The database is
 * put back to its state before that migration by dropping what it adds; then the migration's
 * statements run as the migrator runs them (split at its breakpoints, in one transaction).
 */
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { seedDemoSites } from '../seed/demo-sites';
import { MIGRATIONS_DIR, type Database, type DatabaseHandle } from './open';
import { consents, photos, profiles, sites, users } from './schema';
import { readMigrationFolder } from './migration-drift';

let handle: DatabaseHandle;
let db: Database;

/** The committed migration that adds the one-main-photo index, and what it adds. */
function constraintsMigration() {
  const { folder } = readMigrationFolder(MIGRATIONS_DIR);
  const entry = folder.entries.find((e) =>
    fs.readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8').includes('"photos_one_main_per_profile"'),
  )!;
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
  return {
    statements: text.split('--> statement-breakpoint').filter((statement) => statement.trim() !== ''),
    checks: [...text.matchAll(/ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+)"/g)].map(([, table, name]) => ({ table: table!, name: name! })),
    indexes: [...text.matchAll(/CREATE UNIQUE INDEX "(\w+)"/g)].map(([, name]) => name!),
  };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDemoSites(db);
});

afterAll(async () => {
  await handle?.close();
});

describe('the constraints migration on existing rows', () => {
  it('keeps the oldest main photo and the newest standing consent, then refuses duplicates', async () => {
    const migration = constraintsMigration();
    expect(migration.checks.length).toBeGreaterThan(30);
    for (const { table, name } of migration.checks)
      await db.execute(sql`ALTER TABLE ${sql.identifier(table)} DROP CONSTRAINT ${sql.identifier(name)}`);
    for (const name of migration.indexes) await db.execute(sql`DROP INDEX ${sql.identifier(name)}`);

    const [site] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`${sites.isDefault}`);
    const [profile] = await db
      .insert(profiles)
      .values({ siteId: site!.id, name: 'Cleo', birthDate: '1991-02-03', country: 'GB' })
      .returning();
    const [user] = await db
      .insert(users)
      .values({ siteId: site!.id, profileId: profile!.id, email: 'cleo@example.com', status: 'active', createdAt: new Date() })
      .returning();
    const mains = await db
      .insert(photos)
      .values([1, 2, 3].map((n) => ({ profileId: profile!.id, filename: `${n}.jpg`, thumbFilename: `${n}-t.jpg`, isMain: true })))
      .returning();
    const granted = [new Date('2026-01-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z')];
    const terms = await db
      .insert(consents)
      .values(granted.map((grantedAt) => ({ userId: user!.id, kind: 'terms' as const, version: grantedAt.toISOString(), grantedAt })))
      .returning();

    await db.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    });

    const after = await db
      .select({ id: photos.id, isMain: photos.isMain })
      .from(photos)
      .where(eq(photos.profileId, profile!.id))
      .orderBy(asc(photos.id));
    expect(after).toEqual(mains.map((p, i) => ({ id: p.id, isMain: i === 0 })));
    const standing = await db.select().from(consents).where(eq(consents.userId, user!.id)).orderBy(asc(consents.id));
    expect(standing.map((c) => ({ id: c.id, revokedAt: c.revokedAt }))).toEqual([
      { id: terms[0]!.id, revokedAt: granted[1] },
      { id: terms[1]!.id, revokedAt: null },
    ]);
    await expect(
      db.insert(photos).values({ profileId: profile!.id, filename: 'x.jpg', thumbFilename: 'x-t.jpg', isMain: true }),
    ).rejects.toThrow();
    const added = (await db.execute(sql`SELECT conname FROM pg_constraint WHERE contype = 'c'`)) as unknown as {
      rows: { conname: string }[];
    };
    expect(added.rows.map((r) => r.conname)).toEqual(expect.arrayContaining(migration.checks.map((c) => c.name)));
  });
});
