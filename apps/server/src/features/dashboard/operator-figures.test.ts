/**
 * The dashboard's operator figures (issue 15) on real rows: members write to fictional profiles
 * through the API (their conversations wait for staff), and operators' answers are recorded as the
 * console records them (one operator_answers row per answer). Checked: conversations answered per
 * operator and UTC day, the median and p90 time to answer, the queues per site, the site filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZDashboardAnswer, type TDashboardAnswer } from '@cupido/shared/contracts/dashboard';
import { conversations, operatorAnswers, staffAccounts } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { staffGet, staffMember, type TestStaff } from '../audit/test/audit-test-kit';

let t: AccountsTestApp;
let viewer: TestStaff;
let siteA: number;
let siteB: number;
let olga: number;
let piet: number;
let nextMessageId = 1;

const NOW = new Date('2026-03-10T12:00:00Z');
const WAIT_A1 = new Date('2026-03-10T09:00:00Z');
const WAIT_A2 = new Date('2026-03-10T09:30:00Z');
const WAIT_B = new Date('2026-03-10T11:00:00Z');

async function operator(name: string, disabled = false): Promise<number> {
  const [row] = await t.database.db
    .insert(staffAccounts)
    .values({
      email: `${name.toLowerCase()}@staff.example`,
      name,
      role: 'operator',
      passwordHash: 'not used',
      createdAt: NOW,
      disabledAt: disabled ? NOW : null,
    })
    .returning({ id: staffAccounts.id });
  return row!.id;
}

/** An answer as the console records it: `seconds` after the member began to wait. */
async function answered(siteId: number, conversationId: number, staffId: number, at: string, seconds: number) {
  const answeredAt = new Date(at);
  await t.database.db.insert(operatorAnswers).values({
    siteId,
    conversationId,
    staffId,
    messageId: nextMessageId++,
    waitedSince: new Date(answeredAt.getTime() - seconds * 1000),
    answeredAt,
  });
}

async function dashboard(query: string): Promise<TDashboardAnswer> {
  const response = await staffGet(t, viewer, `/admin/api/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZDashboardAnswer.parse(response.json());
}

beforeAll(async () => {
  t = await createAccountsTestApp(WAIT_A1);
  const kit = chatKit(t);
  const a = await kit.siteWith(2);
  const b = await kit.siteWith(1);
  siteA = a.siteId;
  siteB = b.siteId;
  const [anna, ben] = a.members as [Member, Member];
  const cleo = b.members[0]!;
  const lola = await kit.fictionalProfile(siteA);
  const mia = await kit.fictionalProfile(siteA);
  const zoe = await kit.fictionalProfile(siteB);
  // Anna waits since 09:00 (her second message does not move that), Ben since 09:30, Cleo on site B since 11:00.
  await kit.sent(a.domain, anna.cookie, lola, 'Hi Lola');
  t.clock.set(WAIT_A2);
  await kit.sent(a.domain, anna.cookie, lola, 'Still there?');
  await kit.sent(a.domain, ben.cookie, mia, 'Hi Mia');
  t.clock.set(WAIT_B);
  await kit.sent(b.domain, cleo.cookie, zoe, 'Hi Zoe');
  // A conversation between two members never waits for staff.
  await kit.sent(a.domain, ben.cookie, anna.profileId, 'Hi Anna');
  t.clock.set(NOW);
  viewer = await staffMember(t, 'moderator', NOW);

  olga = await operator('Olga');
  piet = await operator('Piet', true);
  // Site A. Olga on 9 March: conversation 101 twice (one conversation), 102 once; on 10 March 101 again.
  await answered(siteA, 101, olga, '2026-03-09T10:00:00Z', 60);
  await answered(siteA, 101, olga, '2026-03-09T23:59:59Z', 120);
  await answered(siteA, 102, olga, '2026-03-09T15:00:00Z', 300);
  await answered(siteA, 101, olga, '2026-03-10T00:00:00Z', 30);
  // Piet (disabled since: his answers still count, under his name) on 9 March.
  await answered(siteA, 103, piet, '2026-03-09T11:00:00Z', 600);
  // Before the period asked for below.
  await answered(siteA, 104, piet, '2026-03-08T23:59:59Z', 10);
  // Site B.
  await answered(siteB, 201, piet, '2026-03-09T12:00:00Z', 3600);
});
afterAll(() => t.close());

describe('operator figures', () => {
  it('counts conversations answered per operator and UTC day, with their names, for one site', async () => {
    const a = await dashboard(`?site_id=${siteA}&from=2026-03-09&to=2026-03-10`);
    expect(a.operators.answered).toEqual([
      { staff_id: olga, staff_name: 'Olga', day: '2026-03-09', count: 2 },
      { staff_id: piet, staff_name: 'Piet', day: '2026-03-09', count: 1 },
      { staff_id: olga, staff_name: 'Olga', day: '2026-03-10', count: 1 },
    ]);
    const b = await dashboard(`?site_id=${siteB}&from=2026-03-09&to=2026-03-10`);
    expect(b.operators.answered).toEqual([{ staff_id: piet, staff_name: 'Piet', day: '2026-03-09', count: 1 }]);
    const all = await dashboard('?from=2026-03-08&to=2026-03-10');
    expect(all.operators.answered).toEqual([
      { staff_id: piet, staff_name: 'Piet', day: '2026-03-08', count: 1 },
      { staff_id: olga, staff_name: 'Olga', day: '2026-03-09', count: 2 },
      { staff_id: piet, staff_name: 'Piet', day: '2026-03-09', count: 2 },
      { staff_id: olga, staff_name: 'Olga', day: '2026-03-10', count: 1 },
    ]);
  });

  it('gives the median and p90 seconds to answer over the period, interpolated, per site or all', async () => {
    // Site A in the period: 30, 60, 120, 300, 600 seconds.
    const a = await dashboard(`?site_id=${siteA}&from=2026-03-09&to=2026-03-10`);
    expect(a.operators.answer_seconds).toEqual({ median: 120, p90: 480, count: 5 });
    // All sites: 30, 60, 120, 300, 600, 3600 seconds.
    const all = await dashboard('?from=2026-03-09&to=2026-03-10');
    expect(all.operators.answer_seconds).toEqual({ median: 210, p90: 2100, count: 6 });
    const b = await dashboard(`?site_id=${siteB}&from=2026-03-09&to=2026-03-10`);
    expect(b.operators.answer_seconds).toEqual({ median: 3600, p90: 3600, count: 1 });
    const quiet = await dashboard(`?site_id=${siteA}&from=2026-03-01&to=2026-03-07`);
    expect(quiet.operators.answered).toEqual([]);
    expect(quiet.operators.answer_seconds).toBeNull();
  });

  it('shows the conversations waiting now per site and since when the oldest waits, 0 for a site where nobody waits', async () => {
    const a = await dashboard(`?site_id=${siteA}`);
    expect(a.operators.queues).toEqual([{ site_id: siteA, count: 2, oldest_at: WAIT_A1.toISOString() }]);
    const all = await dashboard('');
    expect(all.operators.queues).toEqual(
      all.sites.map((s) =>
        s.id === siteA
          ? { site_id: siteA, count: 2, oldest_at: WAIT_A1.toISOString() }
          : s.id === siteB
            ? { site_id: siteB, count: 1, oldest_at: WAIT_B.toISOString() }
            : { site_id: s.id, count: 0, oldest_at: null },
      ),
    );
    expect(all.sites.length).toBeGreaterThan(2);
    // An answered conversation leaves the queue.
    await t.database.db.update(conversations).set({ awaitingStaffSince: null }).where(eq(conversations.awaitingStaffSince, WAIT_A1));
    expect((await dashboard(`?site_id=${siteA}`)).operators.queues).toEqual([
      { site_id: siteA, count: 1, oldest_at: WAIT_A2.toISOString() },
    ]);
  });
});
