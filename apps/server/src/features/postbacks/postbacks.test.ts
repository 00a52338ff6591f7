/**
 * Conversion postbacks (issue 31, decision 050) through the real API, the job queue and a local
 * HTTP double: signup, activation and first purchase reported once each with the filled-in URL;
 * nothing without the consent or an enabled network; retries until 2xx; templates refused; the
 * back office's permission; erasure and a withdrawn consent; two app instances on one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { auditLog, postbackCalls, postbackSubjects } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { choose, eventsProcessed, startedPayment, webhook } from '../payments/test/payments-test-kit';
import { loadOrCreateAppSecret } from '../push/app-secrets';
import { opaqueUserId, POSTBACK_USER_KEY_NAME } from './calls';
import { POSTBACK_RETRY, POSTBACK_SWEEP_JOB } from './delivery';
import type { JobDefinition } from '../../infra/jobs';
import { postbackStaffKit, startPostbackDouble, type PostbackDouble } from './test/postbacks-test-kit';

let t: AccountsTestApp;
let double: PostbackDouble;
let kit: ReturnType<typeof postbackStaffKit>;
let admin: Awaited<ReturnType<ReturnType<typeof postbackStaffKit>['staff']>>;
let networkCounter = 0;

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-11-23T12:00:00Z'));
  double = await startPostbackDouble();
  kit = postbackStaffKit(t);
  admin = await kit.staff('admin');
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

const db = () => t.database.db;

/** A network of the default site answering to a name of its own; answers its id and name. */
async function network(
  template = '/pb?ev={event}&ref={ref}&s1={sub1}&u={user}&amt={amount}&cur={currency}&net={network}&a5={aff_sub5}',
  enabled = true,
) {
  networkCounter += 1;
  const name = `net ${networkCounter}`;
  const response = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
    site_id: 1,
    network: ` ${name} `,
    url_template: `${double.origin}${template}`,
    enabled,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().network.id as number, name };
}

/** The calls the double got since `from`. */
const callsSince = (from: number) => double.calls.slice(from).map((call) => new URL(call, 'http://x'));

/**
 * Runs the queue until `done` holds: a webhook's events are processed after the answer, and the
 * purchase call's job is queued after that transaction commits, so one drain may come too early.
 */
async function drainUntil(done: () => boolean, apps: TestApp['app'][] = [t.app]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await Promise.all(apps.map((app) => app.jobs.drain({ includeDelayed: true })));
    if (done() || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function purchase(cookie: string) {
  const p = await startedPayment(t, cookie);
  await choose(t, p.sandboxId, 'paid');
  expect((await webhook(t, p.sandboxId)).statusCode).toBe(200);
  await eventsProcessed(t);
  return p.row;
}

describe('reporting to a network', () => {
  it('reports signup, activation and the first purchase once each, with the filled-in URL, and logs them', async () => {
    const { id, name } = await network();
    const from = double.calls.length;
    const member = await activeMember(t, {
      tracking: {
        network: name,
        ref: 'r 1&x=é',
        sub1: 's1',
        email: 'lead@example.com',
      },
      consent_ad_tracking: true,
    });
    await t.app.jobs.drain();
    const paid = await purchase(member.cookie);
    await purchase(member.cookie);
    await drainUntil(() => double.calls.length - from >= 3);
    // A moment later: the second purchase must not have queued anything.
    await new Promise((r) => setTimeout(r, 200));
    await t.app.jobs.drain({ includeDelayed: true });

    const calls = callsSince(from);
    expect(calls.map((url) => url.searchParams.get('ev'))).toEqual(['signup', 'activation', 'purchase']);
    for (const url of calls) {
      expect(url.pathname).toBe('/pb');
      expect(url.searchParams.get('ref')).toBe('r 1&x=é');
      expect(url.searchParams.get('s1')).toBe('s1');
      expect(url.searchParams.get('net')).toBe(name);
      expect(url.searchParams.get('a5')).toBe('');
      expect(url.search).not.toContain('lead');
    }
    // {user}: the same opaque id for all three, not the account id.
    const users = new Set(calls.map((url) => url.searchParams.get('u')));
    expect(users.size).toBe(1);
    const user = [...users][0]!;
    expect(user).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(user).not.toBe(String(member.user.id));
    expect(user).toBe(opaqueUserId(await loadOrCreateAppSecret(db(), POSTBACK_USER_KEY_NAME), member.user.id));
    expect(calls[0]!.searchParams.get('amt')).toBe('');
    expect(calls[2]!.searchParams.get('amt')).toBe((paid.amount / 100).toFixed(2));
    expect(calls[2]!.searchParams.get('cur')).toBe(paid.currency);

    const log = await kit.asStaff(admin, 'GET', `/admin/api/postback-calls?network_id=${id}`);
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().calls as {
      event: string;
      status: string;
      attempts: number;
      answer_status: number;
      answer_body: string;
      url: string;
      sent_at: string | null;
    }[];
    expect(entries.map((e) => e.event)).toEqual(['purchase', 'activation', 'signup']);
    for (const entry of entries)
      expect(entry).toMatchObject({
        status: 'sent',
        attempts: 1,
        answer_status: 200,
        answer_body: 'OK',
        sent_at: expect.any(String),
      });
    expect(entries[2]!.url).toBe(`${double.origin}${double.calls[from]}`);

    // The member's data download says what was reported about them, and where the signup came from.
    const download = await t.app.inject({ method: 'GET', url: '/api/personal-data.php', headers: { cookie: member.cookie } });
    expect(download.statusCode, download.body).toBe(200);
    const file = ZPersonalDataExport.strict().parse(download.json());
    expect(file.conversion_reports).toEqual(
      ['signup', 'activation', 'purchase'].map((event) => ({
        network: name,
        event,
        status: 'sent',
        created_at: expect.any(String),
        sent_at: expect.any(String),
      })),
    );
    expect(JSON.stringify(file.conversion_reports)).not.toContain(double.origin);
    expect(file.traffic_source).toEqual({
      landing_page: '',
      network: name,
      sub1: 's1',
      signup_day: '2026-11-23',
      activation_counted_at: expect.any(String),
      first_purchase_counted_at: expect.any(String),
    });
  });

  it('reports nothing without the ad-tracking consent, for a network not configured, or one switched off', async () => {
    const on = await network();
    const off = await network(undefined, false);
    const from = double.calls.length;
    const subjects = await db().$count(postbackSubjects);
    const noConsent = await activeMember(t, {
      tracking: { network: on.name, sub1: 's1' },
      consent_ad_tracking: false,
    });
    await activeMember(t, {
      tracking: { network: 'nobody configured this', sub1: 's1' },
      consent_ad_tracking: true,
    });
    await activeMember(t, {
      tracking: { network: off.name, sub1: 's1' },
      consent_ad_tracking: true,
    });
    await purchase(noConsent.cookie);
    // The purchase's handlers ran after the webhook's answer; a job they queued would be there by now.
    await new Promise((r) => setTimeout(r, 200));
    await t.app.jobs.drain({ includeDelayed: true });
    expect(double.calls.length).toBe(from);
    expect(await db().$count(postbackSubjects)).toBe(subjects);
  });

  it('retries a network that fails and marks the call sent once it answers 2xx; gives up after the last attempt', async () => {
    const { id, name } = await network('/retry?ev={event}');
    const from = double.calls.length;
    double.answerNext(500, 503);
    await signupOnly({ network: name });
    await t.app.jobs.drain();
    let [call] = await db().select().from(postbackCalls).where(eq(postbackCalls.networkId, id));
    expect(call).toMatchObject({
      status: 'pending',
      attempts: 1,
      answerStatus: 500,
    });
    expect(call!.answerBody).toHaveLength(500);
    await t.app.jobs.drain({ includeDelayed: true });
    [call] = await db().select().from(postbackCalls).where(eq(postbackCalls.networkId, id));
    expect(call).toMatchObject({
      status: 'sent',
      attempts: 3,
      answerStatus: 200,
      answerBody: 'OK',
    });
    expect(callsSince(from).map((url) => url.pathname)).toEqual(['/retry', '/retry', '/retry']);

    // A network that never answers 2xx: every attempt made, then 'failed', and no more.
    const failing = await network('/down?ev={event}');
    double.answerNext(...Array.from({ length: POSTBACK_RETRY.limit + 1 }, () => 500));
    const before = double.calls.length;
    await signupOnly({ network: failing.name });
    for (let i = 0; i < POSTBACK_RETRY.limit + 2; i++) await t.app.jobs.drain({ includeDelayed: true });
    const [failed] = await db().select().from(postbackCalls).where(eq(postbackCalls.networkId, failing.id));
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: POSTBACK_RETRY.limit + 1,
      answerStatus: 500,
    });
    expect(double.calls.length - before).toBe(POSTBACK_RETRY.limit + 1);
  });

  it('forgets the member on erasure and on a withdrawn consent: no further call, the log keeps only the origin', async () => {
    const { id, name } = await network();
    const erased = await activeMember(t, {
      tracking: { network: name, ref: 'secret-ref' },
      consent_ad_tracking: true,
    });
    await t.app.jobs.drain();
    const { events } = t.app;
    await events.transaction(db(), (tx) =>
      events.publish(tx, {
        type: 'account.erased',
        userId: erased.user.id,
        profileId: null,
      }),
    );
    expect(await db().select().from(postbackSubjects).where(eq(postbackSubjects.userId, erased.user.id))).toEqual([]);
    const logged = await db().select().from(postbackCalls).where(eq(postbackCalls.userId, erased.user.id));
    expect(logged.map((c) => c.url)).toEqual([double.origin, double.origin]);

    const withdrawn = await activeMember(t, {
      tracking: { network: name, ref: 'other-ref' },
      consent_ad_tracking: true,
    });
    await t.app.jobs.drain();
    const from = double.calls.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/consent.php',
      headers: { cookie: withdrawn.cookie },
      payload: { kind: 'ad_tracking', granted: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await db().select().from(postbackSubjects).where(eq(postbackSubjects.userId, withdrawn.user.id))).toEqual([]);
    await purchase(withdrawn.cookie);
    // The purchase's handlers ran after the webhook's answer; a job they queued would be there by now.
    await new Promise((r) => setTimeout(r, 200));
    await t.app.jobs.drain({ includeDelayed: true });
    expect(double.calls.length).toBe(from);
    const calls = await db().select().from(postbackCalls).where(eq(postbackCalls.networkId, id));
    expect(calls.every((c) => !c.url.includes('ref'))).toBe(true);
  });
});

describe('a call whose job was lost', () => {
  it('is queued again by the sweep, once however often the sweep runs, and a call pending for a day is marked failed', async () => {
    const { id } = await network('/lost?ev={event}');
    const now = t.clock().getTime();
    // As addCall leaves them when the process stops between the commit and queueing the job.
    const row = (userId: number, minutesAgo: number, path: string) => ({
      networkId: id,
      userId,
      event: 'signup' as const,
      url: `${double.origin}${path}`,
      createdAt: new Date(now - minutesAgo * 60_000),
    });
    const [stranded, tooOld, fresh] = await db()
      .insert(postbackCalls)
      .values([row(900_001, 10, '/lost?ev=stranded'), row(900_002, 25 * 60, '/lost?ev=too-old'), row(900_003, 1, '/lost?ev=fresh')])
      .returning();
    // The fresh one stands for a call whose job is still being queued after its commit: the sweep leaves it to that job.
    const from = double.calls.length;
    const second = await createTestApp({}, { database: t.database, clock: t.clock });
    try {
      await Promise.all([t.app.jobs.runSchedules(), second.app.jobs.runSchedules()]);
      await drainUntil(() => double.calls.slice(from).includes('/lost?ev=stranded'), [t.app, second.app]);
      // A second sweep after the job ran queues nothing new: the job id is the call's.
      await t.app.jobs.send({ name: POSTBACK_SWEEP_JOB } as JobDefinition, {});
      await Promise.all([t.app.jobs.drain({ includeDelayed: true }), second.app.jobs.drain({ includeDelayed: true })]);
    } finally {
      await second.close();
    }
    expect(double.calls.slice(from).filter((call) => call.startsWith('/lost'))).toEqual(['/lost?ev=stranded']);
    const byId = async (callId: number) => (await db().select().from(postbackCalls).where(eq(postbackCalls.id, callId)))[0];
    expect(await byId(stranded!.id)).toMatchObject({ status: 'sent', attempts: 1, answerStatus: 200 });
    expect(await byId(tooOld!.id)).toMatchObject({
      status: 'failed',
      attempts: 0,
      answerBody: 'Not sent: no attempt finished within a day.',
    });
    expect(await byId(fresh!.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

/** A signup with the consent that is not activated (its activation would be a second call). */
const signupOnly = (tracking: Record<string, string>) => signup(t, { tracking, consent_ad_tracking: true });

describe('the back office', () => {
  it('creates, changes and deletes a network, each in the audit log, and refuses a name the site has', async () => {
    const { id, name } = await network('/a?e={event}');
    const list = await kit.asStaff(admin, 'GET', '/admin/api/postback-networks?site_id=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().networks).toContainEqual(
      expect.objectContaining({
        id,
        network: name,
        url_template: `${double.origin}/a?e={event}`,
        enabled: true,
      }),
    );
    expect(list.json().sites).toContainEqual(expect.objectContaining({ id: 1 }));

    const taken = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
      site_id: 1,
      network: name,
      url_template: `${double.origin}/b`,
      enabled: true,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: 'postback_network_taken',
      field: 'network',
    });

    const changed = await kit.asStaff(admin, 'PUT', `/admin/api/postback-networks/${id}`, {
      network: name,
      url_template: `${double.origin}/b?e={event}`,
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().network).toMatchObject({
      enabled: false,
      url_template: `${double.origin}/b?e={event}`,
    });
    const deleted = await kit.asStaff(admin, 'DELETE', `/admin/api/postback-networks/${id}`);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await kit.asStaff(admin, 'DELETE', `/admin/api/postback-networks/${id}`)).statusCode).toBe(404);
    expect(
      (
        await kit.asStaff(admin, 'PUT', '/admin/api/postback-networks/999999', {
          network: 'x',
          url_template: 'https://example.com/',
          enabled: true,
        })
      ).statusCode,
    ).toBe(404);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.itemId, String(id)));
    expect(audit.filter((e) => e.itemType === 'postback_network').map((e) => e.action)).toEqual([
      'postback_network.create',
      'postback_network.update',
      'postback_network.delete',
    ]);
  });

  it('refuses templates that are not https, point at a private address or name unknown placeholders, with a clear message', async () => {
    const cases: [string, string][] = [
      ['http://postbacks.example.com/pb?e={event}', 'postback_template_not_https'],
      ['ftp://postbacks.example.com/pb', 'postback_template_not_https'],
      ['https://127.0.0.1/pb', 'postback_template_private_host'],
      ['https://10.1.2.3/pb', 'postback_template_private_host'],
      ['https://192.168.0.10/pb', 'postback_template_private_host'],
      ['https://169.254.169.254/latest/meta-data', 'postback_template_private_host'],
      ['https://[::1]/pb', 'postback_template_private_host'],
      ['https://[fe80::1]/pb', 'postback_template_private_host'],
      ['https://[::ffff:10.0.0.1]/pb', 'postback_template_private_host'],
      ['https://0x7f.1/pb', 'postback_template_private_host'],
      ['https://localhost/pb', 'postback_template_private_host'],
      ['https://api.localhost/pb', 'postback_template_private_host'],
      ['https://{network}.example.com/pb', 'postback_template_placeholder_in_host'],
      ['https://postbacks.example.com/pb?e={email}', 'postback_template_unknown_placeholder'],
      ['https://postbacks.example.com/pb?e={event', 'postback_template_unknown_placeholder'],
      ['https://user:pw@postbacks.example.com/pb', 'postback_template_invalid'],
      ['not a url', 'postback_template_invalid'],
      ['   ', 'postback_template_required'],
    ];
    for (const [template, code] of cases) {
      const response = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
        site_id: 1,
        network: `bad ${code}`,
        url_template: template,
        enabled: true,
      });
      expect(response.statusCode, template).toBe(400);
      expect(errorOf(response), template).toMatchObject({
        code,
        field: 'url_template',
      });
    }
    const unknown = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
      site_id: 1,
      network: 'x',
      url_template: 'https://postbacks.example.com/pb?e={email}&f={foo}',
      enabled: true,
    });
    expect(errorOf(unknown).message).toBe(
      'Unknown placeholder: {email}, {foo}. Known placeholders: {network} {ref} {sub} {sub1} {sub2} {sub3} {aff_sub} {aff_sub2} {aff_sub3} {aff_sub4} {aff_sub5} {cpc} {event} {amount} {currency} {user}.',
    );
    const http = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
      site_id: 1,
      network: 'x',
      url_template: 'http://postbacks.example.com/',
      enabled: true,
    });
    expect(errorOf(http).message).toBe('The postback URL must start with https://: tracking values are not sent unencrypted.');
    const empty = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
      site_id: 1,
      network: '  ',
      url_template: 'https://postbacks.example.com/',
      enabled: true,
    });
    expect(errorOf(empty)).toMatchObject({
      code: 'postback_network_required',
      field: 'network',
    });
    // A public https template is taken (the name needs no answer from DNS here).
    const good = await kit.asStaff(admin, 'POST', '/admin/api/postback-networks', {
      site_id: 1,
      network: 'good one',
      url_template: 'https://postbacks.example.com/pb?click={ref}&e={event}',
      enabled: true,
    });
    expect(good.statusCode, good.body).toBe(201);
  });

  it('is for staff who edit sites only', async () => {
    for (const role of ['moderator', 'finance', 'marketing'] as const) {
      const staff = await kit.staff(role);
      expect((await kit.asStaff(staff, 'GET', '/admin/api/postback-networks')).statusCode).toBe(403);
      expect((await kit.asStaff(staff, 'GET', '/admin/api/postback-calls')).statusCode).toBe(403);
      expect(
        (
          await kit.asStaff(staff, 'POST', '/admin/api/postback-networks', {
            site_id: 1,
            network: 'x',
            url_template: 'https://a.example.com/',
            enabled: true,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await kit.asStaff(null, 'GET', '/admin/api/postback-networks')).statusCode).toBe(401);
    expect((await kit.asStaff(null, 'GET', '/admin/api/postback-calls')).statusCode).toBe(401);
    expect(
      (
        await kit.asStaff(null, 'POST', '/admin/api/postback-networks', {
          site_id: 1,
          network: 'x',
          url_template: 'https://a.example.com/',
          enabled: true,
        })
      ).statusCode,
    ).toBe(401);
    expect((await kit.asStaff(null, 'DELETE', '/admin/api/postback-networks/1')).statusCode).toBe(401);
  });
});

describe('a production server', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ mode: 'production' }, { database: t.database, clock: t.clock });
  });
  afterAll(async () => production?.close());

  it('refuses the local http://127.0.0.1 double a demo accepts', async () => {
    const response = await production.app.inject({
      method: 'POST',
      url: '/admin/api/postback-networks',
      cookies: admin.cookies,
      payload: {
        site_id: 1,
        network: 'local double',
        url_template: `${double.origin}/pb`,
        enabled: true,
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).code).toBe('postback_template_not_https');
  });
});

describe('two app instances on one database', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({}, { database: t.database, clock: t.clock });
  });
  afterAll(async () => second?.close());

  it('call each event once when both run the jobs at the same time', async () => {
    const { name } = await network('/twice?ev={event}&u={user}');
    const from = double.calls.length;
    // Only this test's signup call gets the 500, whatever reaches the double first.
    double.answerNextFor('/twice?ev=signup', 500);
    const member = await activeMember(t, {
      tracking: { network: name },
      consent_ad_tracking: true,
    });
    const p = await startedPayment(t, member.cookie);
    await choose(t, p.sandboxId, 'paid');
    // The provider's notification reaches both instances.
    await Promise.all([
      webhook(t, p.sandboxId),
      second.app.inject({
        method: 'POST',
        url: '/api/payment-webhook/sandbox',
        payload: { event_id: 'evt_twice', payment_id: p.sandboxId },
      }),
    ]);
    await eventsProcessed(t);
    const ownCalls = () => callsSince(from).filter((url) => url.pathname === '/twice');
    await drainUntil(() => ownCalls().length >= 4, [t.app, second.app, t.app]);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([t.app.jobs.drain({ includeDelayed: true }), second.app.jobs.drain({ includeDelayed: true })]);
    const events = ownCalls().map((url) => url.searchParams.get('ev'));
    // The signup's first attempt got the 500 and was retried once: four requests, three events, each answered 200 once.
    expect(events.filter((e) => e === 'signup')).toHaveLength(2);
    expect(events.filter((e) => e === 'activation')).toHaveLength(1);
    expect(events.filter((e) => e === 'purchase')).toHaveLength(1);
    const rows = await db().select().from(postbackCalls).where(eq(postbackCalls.userId, member.user.id));
    expect(rows.map((r) => [r.event, r.status]).sort()).toEqual([
      ['activation', 'sent'],
      ['purchase', 'sent'],
      ['signup', 'sent'],
    ]);
  });
});
