/**
 * The audit log's calls (issue 13): filters, keyset paging newest first, the CSV export with RFC
 * 4180 quoting, who may read it, and the table's refusal of UPDATE and DELETE (migration 0010).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { AUDIT_PAGE_SIZE, ZAuditPage } from '@cupido/shared/contracts/audit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordStaffAction } from './service';
import { staffGet, staffMember, type TestStaff } from './test/audit-test-kit';
import { csvField } from './csv';
import { parseCsv } from '../../test/parse-csv';

describe('audit log', () => {
  let t: TestApp;
  let admin: TestStaff;
  let moderator: TestStaff;
  const base = Date.parse('2026-02-01T09:00:00Z');
  const nasty = 'Said "no, thanks",\nthen left';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffMember(t, 'admin');
    moderator = await staffMember(t, 'moderator');
    const db = t.database.db;
    // 120 actions of the moderator a minute apart on 2026-02-01 and 02, and a few of the admin.
    for (let i = 0; i < 120; i++) {
      await recordStaffAction(
        db,
        {
          staffId: moderator.id,
          action: 'photo.approve',
          itemType: 'photo',
          itemId: i,
          siteId: 1,
          before: { status: 'pending' },
          after: { status: 'approved' },
        },
        new Date(base + i * 20 * 60_000),
      );
    }
    await recordStaffAction(
      db,
      { staffId: admin.id, action: 'site.update', itemType: 'site', itemId: 1, before: { name: 'Old' }, after: { name: nasty } },
      new Date('2026-02-03T12:00:00Z'),
    );
    await recordStaffAction(
      db,
      { staffId: admin.id, action: 'credits.correct', itemType: 'user', itemId: 42, after: { amount: '=1+1' } },
      new Date('2026-02-03T13:00:00Z'),
    );
  });
  afterAll(async () => t?.close());

  it('pages newest first by keyset, through every row once', async () => {
    const seen: number[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const response = await staffGet(
        t,
        admin,
        `/admin/api/audit?staff_id=${moderator.id}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = ZAuditPage.parse(response.json());
      expect(page.entries.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      seen.push(...page.entries.map((e) => Number(e.item_id)));
      before = page.next_before;
      pages += 1;
    } while (before);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => 119 - i));
  });

  it('filters by staff member, item and time', async () => {
    const byItem = ZAuditPage.parse((await staffGet(t, admin, '/admin/api/audit?item_type=photo&item_id=7')).json());
    expect(byItem.entries).toHaveLength(1);
    expect(byItem.entries[0]).toMatchObject({
      staff_id: moderator.id,
      action: 'photo.approve',
      item_id: '7',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    const byAdmin = ZAuditPage.parse((await staffGet(t, admin, `/admin/api/audit?staff_id=${admin.id}`)).json());
    expect(byAdmin.entries.map((e) => e.action)).toEqual(['credits.correct', 'site.update']);

    // A day is the whole UTC day: 09:00 + 20 min steps, 45 rows on Feb 1 (09:00 to 23:40).
    const oneDay = ZAuditPage.parse((await staffGet(t, admin, '/admin/api/audit?item_type=photo&from=2026-02-01&to=2026-02-01')).json());
    expect(oneDay.entries).toHaveLength(45);
    expect(oneDay.next_before).toBeNull();
    const csv = await staffGet(t, admin, '/admin/api/audit.csv?item_type=photo&from=2026-02-01&to=2026-02-01');
    expect(parseCsv(csv.body)).toHaveLength(1 + 45);

    const window = ZAuditPage.parse(
      (await staffGet(t, admin, '/admin/api/audit?from=2026-02-01T09:00:00Z&to=2026-02-01T10:00:00Z')).json(),
    );
    expect(window.entries.map((e) => e.item_id)).toEqual(['3', '2', '1', '0']);

    expect((await staffGet(t, admin, '/admin/api/audit?from=yesterday')).statusCode).toBe(400);
    expect((await staffGet(t, admin, '/admin/api/audit?before=42')).statusCode).toBe(400);
  });

  it('exports CSV with a header row, RFC 4180 quoting and JSON before/after, as an attachment', async () => {
    const response = await staffGet(t, admin, `/admin/api/audit.csv?staff_id=${admin.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    expect(response.body.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['id', 'created_at', 'staff_id', 'action', 'item_type', 'item_id', 'site_id', 'before', 'after']);
    expect(rows).toHaveLength(3);
    const [, correction, update] = rows;
    expect(update!.slice(1, 7)).toEqual(['2026-02-03T12:00:00.000Z', String(admin.id), 'site.update', 'site', '1', '']);
    expect(JSON.parse(update![7]!)).toEqual({ name: 'Old' });
    expect(JSON.parse(update![8]!)).toEqual({ name: nasty });
    // The raw text: the JSON field is quoted, its quotes doubled.
    expect(response.body).toContain('"{""name"":""Said \\""no, thanks\\"",\\nthen left""}"');
    expect(JSON.parse(correction![8]!)).toEqual({ amount: '=1+1' });
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-5')).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('is for roles with audit.view only', async () => {
    expect((await staffGet(t, moderator, '/admin/api/audit')).statusCode).toBe(403);
    expect((await staffGet(t, moderator, '/admin/api/audit.csv')).statusCode).toBe(403);
    expect((await staffGet(t, null, '/admin/api/audit')).statusCode).toBe(401);
    expect((await staffGet(t, null, '/admin/api/audit.csv')).statusCode).toBe(401);
  });

  it('refuses UPDATE and DELETE of its rows, whoever asks', async () => {
    const db = t.database.db;
    // drizzle wraps the database's error: its cause carries the trigger's message.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    expect(await refusal(db.execute(sql`UPDATE audit_log SET action = 'nothing.happened'`))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    const [left] = await db.select({ rows: count() }).from(auditLog).where(eq(auditLog.action, 'photo.approve'));
    expect(left!.rows).toBe(120);
  });
});
