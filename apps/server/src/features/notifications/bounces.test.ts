/**
 * Bounces and spam complaints (issue 30): Mailgun's signed webhook marks the recipient's accounts
 * (`bounce`, `fbl`), mails stop at once, the logged-in user shows it, and the member can fix it
 * (mails on again after a complaint; the address confirmed again after a bounce). A wrong, old or
 * replayed signature changes nothing; without a signing key the route does not exist.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createAccountsTestApp, linkPath, tokenOf, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { get, send } from '../profiles/test/profiles-test-kit';

const KEY = 'key-test-mailgun-webhook-signing';
let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'), { mailgunWebhookSigningKey: KEY });
  kit = chatKit(t);
});
afterAll(async () => t?.close());
beforeEach(() => t.smtp.clear());

function signed(key = KEY, timestamp = Math.floor(t.clock().getTime() / 1000), token = randomBytes(25).toString('hex')) {
  const signature = createHmac('sha256', key).update(`${timestamp}${token}`).digest('hex');
  return { timestamp: String(timestamp), token, signature };
}

const bounceOf = (recipient: string) => ({
  event: 'failed',
  severity: 'permanent',
  reason: 'bounce',
  recipient,
  'delivery-status': { code: 550, message: 'No such user' },
});
const complaintOf = (recipient: string) => ({ event: 'complained', recipient });

async function webhook(eventData: object, signature = signed(), app = t.app) {
  const response = await app.inject({ method: 'POST', url: '/api/mail-events/mailgun', payload: { signature, 'event-data': eventData } });
  // The event is one job: a worker applies it within seconds; the tests run it now.
  await app.jobs.drain();
  return response;
}

const disabledOf = async (domain: string, member: Member) =>
  (await get(t, `/api/user.php?domain=${domain}`, member.cookie)).json().user.notifications_disabled;

describe('Mailgun webhook', () => {
  it('marks a hard bounce and a complaint on the recipient’s account, once, and the logged-in user shows it', async () => {
    const site = await kit.siteWith(2);
    const [bounced, complained] = site.members as [Member, Member];
    // Cached by the first look: the webhook must make the next one fresh.
    expect(await disabledOf(site.domain, bounced)).toEqual([]);

    const response = await webhook(bounceOf(bounced.body.email.toUpperCase()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, applied: true });
    expect(await disabledOf(site.domain, bounced)).toEqual(['bounce']);
    expect((await webhook(bounceOf(bounced.body.email))).statusCode).toBe(200);
    expect(await disabledOf(site.domain, bounced)).toEqual(['bounce']);

    expect((await webhook(complaintOf(complained.body.email))).statusCode).toBe(200);
    expect(await disabledOf(site.domain, complained)).toEqual(['fbl']);
    expect(await disabledOf(site.domain, bounced)).toEqual(['bounce']);
  });

  it('changes nothing for a temporary failure, a delivery or an unknown address', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    for (const event of [
      { event: 'failed', severity: 'temporary', recipient: member.body.email },
      { event: 'delivered', recipient: member.body.email },
      bounceOf('nobody.here@example.com'),
    ]) {
      const response = await webhook(event);
      expect(response.statusCode).toBe(200);
    }
    expect(await disabledOf(site.domain, member)).toEqual([]);
  });

  it('refuses a wrong, missing or old signature and a replayed token, and stores nothing', async () => {
    const site = await kit.siteWith(2);
    const [member, other] = site.members as [Member, Member];
    const wrongKey = await webhook(bounceOf(member.body.email), signed('another-key-entirely-0123'));
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json().error.code).toBe('mail_event_signature_invalid');
    const altered = { ...signed(), token: 'x'.repeat(50) };
    expect((await webhook(bounceOf(member.body.email), altered)).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/mail-events/mailgun',
      payload: { 'event-data': bounceOf(member.body.email) },
    });
    expect(missing.statusCode).toBe(400);
    const old = signed(KEY, Math.floor(t.clock().getTime() / 1000) - 6 * 60);
    expect((await webhook(bounceOf(member.body.email), old)).statusCode).toBe(401);
    expect(await disabledOf(site.domain, member)).toEqual([]);

    // A signature seen once (here on a harmless delivery) cannot carry another event.
    const seen = signed();
    expect((await webhook({ event: 'delivered', recipient: other.body.email }, seen)).statusCode).toBe(200);
    const replayed = await webhook(complaintOf(member.body.email), seen);
    expect(replayed.statusCode).toBe(406);
    expect(replayed.json().error.code).toBe('mail_event_replayed');
    expect(await disabledOf(site.domain, member)).toEqual([]);
  });

  it('stops notification mails at once', async () => {
    const site = await kit.siteWith(2);
    const [writer, reader] = site.members as [Member, Member];
    await kit.sent(site.domain, writer.cookie, reader.profileId, 'Hello');
    await webhook(bounceOf(reader.body.email));
    t.clock.advance(3 * 60_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect(
      t.smtp.mails.filter((mail) => mail.to.includes(reader.body.email.toLowerCase()) && mail.headers.has('list-unsubscribe')),
    ).toHaveLength(0);
  });
});

describe('the member fixes it', () => {
  it('turns mails back on after a complaint or an unsubscribe, but not after a bounce', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    await webhook(complaintOf(member.body.email));
    await webhook(bounceOf(member.body.email));
    const enabled = await send(t, 'POST', `/api/notifications-enable.php?domain=${site.domain}`, {}, member.cookie);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().notifications_disabled).toEqual(['bounce']);
    expect(await disabledOf(site.domain, member)).toEqual(['bounce']);
  });

  it('confirms a bounced address again through the e-mail change link, which clears the bounce', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    await webhook(bounceOf(member.body.email));
    t.smtp.clear(); // the activation mail went to the same address
    const requested = await send(
      t,
      'POST',
      `/api/email.php?domain=${site.domain}`,
      { email: member.body.email, current_password: member.body.password },
      member.cookie,
    );
    expect(requested.statusCode, requested.body).toBe(200);
    const mail = await t.smtp.waitForMail(member.body.email);
    expect(linkPath(mail, '/mail-change/do')).toMatch(/^\/mail-change\/do\?token=/);
    const confirmed = await send(
      t,
      'POST',
      `/api/mail-change-do.php?domain=${site.domain}`,
      { token: tokenOf(mail, '/mail-change/do') },
      member.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: member.body.email.toLowerCase(), notifications_disabled: [] });
    const [row] = await t.database.db.select({ disabled: users.notificationsDisabled }).from(users).where(eq(users.id, member.userId));
    expect(row!.disabled).toEqual([]);
  });
});

describe('without a signing key', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ smtpUrl: t.smtp.url }, { database: t.database, clock: t.clock });
  });
  afterAll(async () => plain?.close());

  it('the route does not exist and nothing changes', async () => {
    const site = await kit.siteWith(1);
    const [member] = site.members as [Member];
    const response = await webhook(bounceOf(member.body.email), signed(), plain.app);
    expect(response.statusCode).toBe(404);
    expect(await disabledOf(site.domain, member)).toEqual([]);
  });
});
