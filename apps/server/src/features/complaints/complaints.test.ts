import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMPLAINTS_PER_IP_PER_HOUR } from '@cupido/shared/contracts/complaints';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { auditLog, complaints } from '../../db/schema';
import { createAccountsTestApp, errorOf, nextIp, type AccountsTestApp } from '../../test/accounts-kit';
import { moderationKit } from '../moderation/test/moderation-test-kit';
import { get } from '../profiles/test/profiles-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof moderationKit>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = moderationKit(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const complain = (body: Record<string, unknown>, options: { cookie?: string; locale?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/complaint.php${options.locale ? `?locale=${options.locale}` : ''}`,
    payload: { topic: 'billing', name: '', email: 'visitor@example.com', text: 'I was charged twice.', ...body },
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? nextIp(),
  });

describe('POST /api/complaint.php', () => {
  it('stores a visitor’s complaint and answers its reference in the visitor’s language', async () => {
    const response = await complain(
      { topic: 'service', name: '  Jan  ', email: ' Jan@Example.com ', text: '  The site was down all evening.  ' },
      { locale: 'nl' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.reference).toMatch(/^C-\d{6}$/);
    expect(answer.message).toBe(
      `Bedankt. We hebben je klacht ontvangen en antwoorden je binnen 14 dagen per e-mail. Vermeld referentie ${answer.reference} als je ons hierover schrijft.`,
    );
    const [row] = await db()
      .select()
      .from(complaints)
      .where(eq(complaints.id, Number(answer.reference.slice(2))));
    expect(row).toMatchObject({
      siteId: 1,
      userId: null,
      topic: 'service',
      name: 'Jan',
      email: 'jan@example.com',
      text: 'The site was down all evening.',
      locale: 'nl',
      status: 'open',
    });
  });

  it('takes a member’s account address when the form leaves it empty, and links the member', async () => {
    const member = await kit.member();
    const response = await complain({ email: '', topic: 'profile', text: 'A profile asked me for money.' }, { cookie: member.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db()
      .select()
      .from(complaints)
      .where(eq(complaints.id, Number(response.json().reference.slice(2))));
    expect(row).toMatchObject({ userId: member.userId, email: member.body.email.toLowerCase(), topic: 'profile' });
  });

  it('answers what is wrong, field by field, in the visitor’s language, and stores nothing', async () => {
    const before = await db().$count(complaints);
    const cases: [Record<string, unknown>, number, { code: string; field?: string }][] = [
      [{ text: '   ' }, 400, { code: 'complaint_text_required', field: 'text' }],
      [{ text: 'x'.repeat(4001) }, 400, { code: 'complaint_text_too_long', field: 'text' }],
      [{ name: 'n'.repeat(101) }, 400, { code: 'complaint_name_too_long', field: 'name' }],
      [{ email: 'not an address' }, 400, { code: 'invalid_email', field: 'email' }],
      [{ email: '' }, 400, { code: 'invalid_email', field: 'email' }],
      [{ topic: 'refund' }, 400, { code: 'invalid_request' }],
    ];
    for (const [body, status, error] of cases) {
      const response = await complain(body, { locale: 'de' });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response)).toMatchObject(error);
    }
    expect(errorOf(await complain({ text: '' }, { locale: 'de' })).message).toBe('Bitte beschreib deine Beschwerde');
    expect(errorOf(await complain({ text: 'x'.repeat(4001) }, { locale: 'pl' })).message).toBe(
      'Reklamacja może mieć maksymalnie 4000 znaków',
    );
    expect(await db().$count(complaints)).toBe(before);
  });

  it(`takes ${COMPLAINTS_PER_IP_PER_HOUR} complaints an hour from one address, in parallel too, and refuses the rest`, async () => {
    const ip = nextIp();
    const before = await db().$count(complaints);
    const answers = await Promise.all(Array.from({ length: COMPLAINTS_PER_IP_PER_HOUR + 3 }, () => complain({}, { ip })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(COMPLAINTS_PER_IP_PER_HOUR);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(errorOf(refused[0]!)).toMatchObject({ code: 'too_many_complaints' });
    expect(await db().$count(complaints)).toBe(before + COMPLAINTS_PER_IP_PER_HOUR);
    // A refused or invalid try does not use up another address's hour.
    expect((await complain({})).statusCode).toBe(200);
  });
});

describe('the back office', () => {
  it('lists open complaints oldest first for the reports queue and marks one answered, once, in the audit log', async () => {
    const reference = (await complain({ text: 'Please refund my last package.' })).json().reference as string;
    const id = Number(reference.slice(2));
    // A later complaint, filed a minute on: the queue lists the one that waits longer first.
    t.clock.advance(60_000);
    const laterId = Number((await complain({ text: 'And the one before.' })).json().reference.slice(2));
    const moderator = await kit.staff('moderator');
    const queue = await kit.asStaff(moderator, 'GET', '/admin/api/complaints?site_id=1');
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json().complaints as { id: number; reference: string; created_at: string }[];
    expect(items.find((item) => item.id === id)).toMatchObject({
      reference,
      topic: 'billing',
      text: 'Please refund my last package.',
      status: 'open',
      user_id: null,
    });
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(laterId));

    expect((await kit.asStaff(moderator, 'POST', `/admin/api/complaints/${id}/answered`, { note: '  ' })).statusCode).toBe(400);
    const answered = await kit.asStaff(moderator, 'POST', `/admin/api/complaints/${id}/answered`, {
      note: 'Refunded the package by mail.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ id, status: 'answered' });
    const again = await kit.asStaff(moderator, 'POST', `/admin/api/complaints/${id}/answered`, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('complaint_already_answered');
    expect((await kit.asStaff(moderator, 'POST', '/admin/api/complaints/999999/answered', { note: 'x' })).statusCode).toBe(404);

    const after = (await kit.asStaff(moderator, 'GET', '/admin/api/complaints')).json().complaints as { id: number }[];
    expect(after.map((item) => item.id)).not.toContain(id);
    const [row] = await db().select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({ status: 'answered', answeredBy: moderator.id, note: 'Refunded the package by mail.' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.itemId, String(id)));
    expect(audit.filter((entry) => entry.itemType === 'complaint')).toEqual([
      expect.objectContaining({ staffId: moderator.id, action: 'complaint.answered' }),
    ]);
  });

  it('is for staff who decide reports only', async () => {
    const operator = await kit.staff('operator');
    expect((await kit.asStaff(operator, 'GET', '/admin/api/complaints')).statusCode).toBe(403);
    expect((await kit.asStaff(operator, 'POST', '/admin/api/complaints/1/answered', { note: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/complaints' })).statusCode).toBe(401);
  });
});

describe('personal data', () => {
  it('lists the member’s complaints in the data download, and removes name and address with the account', async () => {
    const member = await kit.member();
    const reference = (await complain({ name: 'Eva', email: 'eva@example.com', topic: 'privacy' }, { cookie: member.cookie })).json()
      .reference as string;
    const response = await get(t, '/api/personal-data.php', member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const file = ZPersonalDataExport.strict().parse(response.json());
    expect(file.complaints).toEqual([
      expect.objectContaining({ reference, topic: 'privacy', name: 'Eva', email: 'eva@example.com', status: 'open', answered_at: null }),
    ]);

    const { events } = t.app;
    await events.transaction(db(), (tx) => events.publish(tx, { type: 'account.erased', userId: member.userId, profileId: null }));
    const [row] = await db()
      .select()
      .from(complaints)
      .where(eq(complaints.id, Number(reference.slice(2))));
    expect(row).toMatchObject({ userId: null, name: '', email: '', topic: 'privacy', text: 'I was charged twice.' });
  });
});
