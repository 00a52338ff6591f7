/**
 * Promotions and news (issue 30, decision 043) through the back office's calls, the job queue and
 * a real SMTP server: the audience (opted in, the site, the language, members who may get mail;
 * by push to those who opted in so, through a local push service that decrypts it),
 * the preview and the test send, sending once, the per-site throttle, quiet hours, cancelling,
 * two server processes on one database, the audit log, permissions and bad input.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ZCampaign, ZCampaignList, ZCampaignPreview } from '@cupido/shared/contracts/campaigns';
import { ZPushMessage } from '@cupido/shared/contracts/push';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { campaignRecipients, campaigns, notificationPreferences, users } from '../../db/schema';
import type { JobDefinition } from '../../infra/jobs';
import { createAccountsTestApp, errorOf, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ReceivedMail } from '../../test/smtp-server';
import { staffGet, staffMember, staffSend, type TestStaff } from '../audit/test/audit-test-kit';
import { newSite, send } from '../profiles/test/profiles-test-kit';
import { startLocalPushService, type LocalPushService, type TestPushSubscription } from '../push/test/local-push-service';
import { subscribedBrowser } from '../push/test/subscribed-browser';
import { campaignKit, type CampaignMember } from './test/campaigns-test-kit';
import { CAMPAIGN_BATCH_JOB } from './delivery';

const RATE = 3;
const RATE_LIMIT_PREFIX = `cupido-test:campaigns:${randomBytes(6).toString('hex')}:`;
let t: AccountsTestApp;
let kit: ReturnType<typeof campaignKit>;
let admin: TestStaff;

beforeAll(async () => {
  // A Tuesday, late morning in the demo sites' zone (quiet hours are 22:00-08:00).
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'), {
    campaignMailsPerMinute: RATE,
    rateLimitKeyPrefix: RATE_LIMIT_PREFIX,
  });
  kit = campaignKit(t);
});
// A staff session ends after 30 idle minutes of the app's clock, which the tests move: a fresh one for each test and after each jump.
const freshAdmin = async () => void (admin = await staffMember(t, 'admin', t.clock()));
beforeEach(freshAdmin);
afterAll(async () => t?.close());
beforeEach(() => t.smtp.clear());

const mailsTo = (member: CampaignMember): ReceivedMail[] =>
  t.smtp.mails.filter((mail) => mail.to.includes(member.body.email.toLowerCase()));
const campaignCount = async () => (await t.database.db.select({ n: count() }).from(campaigns))[0]!.n;
const getCampaign = async (id: number) => ZCampaign.parse((await staffGet(t, admin, `/admin/api/campaigns/${id}`)).json());

async function optInDirectly(userId: number, kind: 'promotions' | 'news') {
  await t.database.db.insert(notificationPreferences).values({ userId, kind, channel: 'email', enabled: true, updatedAt: t.clock() });
}

describe('the audience', () => {
  it('is the opted-in members of the site and language who may get mail, each mailed once with the one-click headers', async () => {
    const site = await newSite(t);
    const other = await newSite(t);
    const optedIn = await kit.member(site.domain, 'en', ['promotions']);
    const newsOnly = await kit.member(site.domain, 'en', ['news']);
    const dutch = await kit.member(site.domain, 'nl', ['promotions']);
    const notOptedIn = await kit.member(site.domain, 'en');
    const suspended = await kit.member(site.domain, 'en', ['promotions']);
    const bounced = await kit.member(site.domain, 'en', ['promotions']);
    const otherSite = await kit.member(other.domain, 'en', ['promotions']);
    const unconfirmed = await signup(t, { language: 'en' }, site.domain);
    await optInDirectly(unconfirmed.user.id, 'promotions');
    await t.database.db
      .update(users)
      .set({ status: 'suspended', suspendedUntil: new Date('2026-04-01T00:00:00Z') })
      .where(eq(users.id, suspended.userId));
    await t.database.db
      .update(users)
      .set({ notificationsDisabled: ['bounce'] })
      .where(eq(users.id, bounced.userId));
    t.smtp.clear();

    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    expect(campaign).toMatchObject({ status: 'draft', counts: { audience: 1 }, created_by: { id: admin.id } });
    const sending = await kit.sent(admin, campaign.id);
    expect(sending).toMatchObject({ status: 'sending', counts: { audience: 1, queued: 1 } });
    await t.app.jobs.drain();

    expect(t.smtp.mails.map((mail) => mail.to).flat()).toEqual([optedIn.body.email.toLowerCase()]);
    for (const left of [newsOnly, dutch, notOptedIn, suspended, bounced, otherSite]) expect(mailsTo(left)).toHaveLength(0);
    const [mail] = mailsTo(optedIn);
    expect(mail!.subject).toBe('Half price this weekend');
    expect(mail!.text).toContain('All credit packages are half price until Sunday.');
    expect(mail!.text).toContain('Hi Sanne,');
    expect(mail!.text).toContain('offers and promotions');
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = mail!.headers.get('list-unsubscribe')!;
    expect(unsubscribe).toMatch(
      new RegExp(`^<https://${site.domain.replace(/\./g, '\\.')}/api/unsubscribe\\.php\\?token=${optedIn.userId}-promotions-`),
    );
    const button = mail!.links.find((link) => new URL(link).pathname === '/credits');
    expect(new URL(button!).searchParams.get('sub2')).toBe(`campaign-${campaign.id}`);
    expect(new URL(button!).origin).toBe(`https://${site.domain}`);

    expect(await getCampaign(campaign.id)).toMatchObject({ status: 'sent', counts: { audience: 1, sent: 1, queued: 0 } });
    expect(await kit.auditActions(campaign.id)).toEqual(['campaign.create', 'campaign.send', 'campaign.sent']);

    // The one-click POST of the header turns promotions off for that member.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: new URL(unsubscribe.slice(1, -1)).pathname + new URL(unsubscribe.slice(1, -1)).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/notification-settings.php?domain=${site.domain}`,
      headers: { cookie: optedIn.cookie },
    });
    expect(settings.json().preferences.promotions.email).toBe(false);
  });

  it('leaves out at send time a member who opted out meanwhile', async () => {
    const site = await kit.siteWithOptedIn(2);
    const [stays, leaves] = site.members as [CampaignMember, CampaignMember];
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    const off = await send(
      t,
      'PUT',
      `/api/notification-settings.php?domain=${site.domain}`,
      { kind: 'promotions', channel: 'email', enabled: false },
      leaves.cookie,
    );
    expect(off.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(mailsTo(stays)).toHaveLength(1);
    expect(mailsTo(leaves)).toHaveLength(0);
    expect(await getCampaign(campaign.id)).toMatchObject({ status: 'sent', counts: { audience: 2, sent: 1, skipped: 1 } });
  });
});

describe('by push', () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => service?.close());

  const browserOf = (domain: string, member: CampaignMember) => subscribedBrowser(t, service, domain, member.cookie);
  const optIn = async (domain: string, member: CampaignMember, channel: 'email' | 'push') =>
    expect(
      (
        await send(
          t,
          'PUT',
          `/api/notification-settings.php?domain=${domain}`,
          { kind: 'promotions', channel, enabled: true },
          member.cookie,
        )
      ).statusCode,
    ).toBe(200);
  const pushesTo = (browser: TestPushSubscription) =>
    service.received.filter((push) => push.endpoint === browser.endpoint).map((push) => ZPushMessage.strict().parse(push.payload));

  it('reaches the members who opted in by push and have a browser, by push alone or with the mail, once each', async () => {
    const site = await newSite(t);
    const pushOnly = await kit.member(site.domain, 'en');
    const both = await kit.member(site.domain, 'en', ['promotions']);
    const noBrowser = await kit.member(site.domain, 'en');
    const [pushOnlyBrowser, bothBrowser] = [await browserOf(site.domain, pushOnly), await browserOf(site.domain, both)];
    for (const member of [pushOnly, both, noBrowser]) await optIn(site.domain, member, 'push');
    t.smtp.clear();

    const campaign = await kit.created(
      admin,
      kit.draft(site.siteId, site.domain, { body: `${'All credit packages are half price until Sunday. '.repeat(5)}\n\nSee you soon!` }),
    );
    expect(campaign.counts.audience).toBe(2); // the member without a browser has nowhere to get it
    await kit.sent(admin, campaign.id);
    await t.app.jobs.drain();
    await t.app.jobs.drain();

    expect(mailsTo(pushOnly)).toHaveLength(0);
    expect(mailsTo(both)).toHaveLength(1);
    expect(mailsTo(noBrowser)).toHaveLength(0);
    const checkUrl = `/credits?network=push&sub1=promotions&sub2=campaign-${campaign.id}`;
    for (const browser of [pushOnlyBrowser, bothBrowser]) {
      const [push, ...more] = pushesTo(browser);
      expect(more).toEqual([]);
      expect(push).toMatchObject({
        kind: 'promotions',
        title: 'Half price this weekend',
        tag: `campaign:${campaign.id}`,
        checkUrl,
        openUrl: `/login?redirect=${encodeURIComponent(checkUrl)}`,
      });
      // The first paragraph, cut to fit a lock screen.
      expect(push!.body).toMatch(/^All credit packages are half price until Sunday\. All credit .*…$/);
      expect(push!.body.length).toBe(160);
    }
    expect(await getCampaign(campaign.id)).toMatchObject({ status: 'sent', counts: { audience: 2, sent: 2 } });
    expect(service.refused).toEqual([]);
  });
});

describe('preview and test send', () => {
  it('previews the mail branded for the site, in the campaign language, with the unsubscribe footer, storing nothing', async () => {
    const site = await kit.siteWithOptedIn(1);
    const before = await campaignCount();
    const response = await staffSend(t, admin, 'POST', '/admin/api/campaigns/preview', {
      ...kit.draft(site.siteId, site.domain, {
        language: 'nl',
        subject: 'Nieuws',
        body: 'Eerste alinea <script>alert(1)</script>\n\nTweede alinea',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = ZCampaignPreview.parse(response.json());
    expect(preview.subject).toBe('Nieuws');
    expect(preview.audience).toBe(0); // nobody of this site speaks Dutch
    expect(preview.html).toContain('lang="nl"');
    expect(preview.html).toContain('Afmelden voor deze e-mails');
    expect(preview.html).toContain('&lt;script&gt;');
    expect(preview.html).not.toContain('<script>');
    expect(preview.text).toContain('Tweede alinea');
    expect(preview.html).toContain(`https://${site.domain}/credits?network=email&amp;sub1=promotions`);
    expect(await campaignCount()).toBe(before);
    expect(t.smtp.mails).toHaveLength(0);
  });

  it('sends the test to the staff member’s own address only, through the real mailer', async () => {
    const site = await kit.siteWithOptedIn(2);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    t.smtp.clear();
    const response = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    const to = response.json().to as string;
    expect(to).toMatch(/^admin\..*@staff\.example$/);
    expect(t.smtp.mails).toHaveLength(1);
    expect(t.smtp.mails[0]!.to).toEqual([to]);
    expect(t.smtp.mails[0]!.subject).toBe('[Test] Half price this weekend');
    expect(t.smtp.mails[0]!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // No address can be given.
    const elsewhere = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/test`, { to: 'someone@example.com' });
    expect(elsewhere.statusCode).toBe(400);
    expect(t.smtp.mails).toHaveLength(1);
    expect(await kit.statusOf(campaign.id)).toBe('draft');
    expect(await kit.auditActions(campaign.id)).toEqual(['campaign.create', 'campaign.test_send']);
  });
});

describe('sending', () => {
  it('sends a campaign once: a second send, an edit or a cancel afterwards is a 409', async () => {
    const site = await kit.siteWithOptedIn(1);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    const again = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('campaign_already_sent');
    await t.app.jobs.drain();
    const afterwards = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/send`);
    expect(afterwards.statusCode).toBe(409);
    const edit = await staffSend(
      t,
      admin,
      'PUT',
      `/admin/api/campaigns/${campaign.id}`,
      kit.draft(site.siteId, site.domain, { subject: 'Changed' }),
    );
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).code).toBe('campaign_not_draft');
    const cancel = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(mailsTo(site.members[0]!)).toHaveLength(1);
    expect((await getCampaign(campaign.id)).subject).toBe('Half price this weekend');
  });

  it('refuses to send to nobody', async () => {
    const site = await newSite(t);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    const response = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/send`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('campaign_audience_empty');
    expect(await kit.statusOf(campaign.id)).toBe('draft');
  });

  it('is throttled per site: the rest waits for the next minute', async () => {
    const site = await kit.siteWithOptedIn(RATE + 2);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    await t.app.jobs.drain();
    expect(t.smtp.mails).toHaveLength(RATE);
    expect(await getCampaign(campaign.id)).toMatchObject({ status: 'sending', counts: { sent: RATE, queued: 2 } });

    t.clock.set(new Date(t.clock().getTime() + 60_000));
    await t.app.jobs.drain({ includeDelayed: true, maxRuns: 20 });
    expect(t.smtp.mails).toHaveLength(RATE + 2);
    for (const member of site.members) expect(mailsTo(member)).toHaveLength(1);
    expect(await getCampaign(campaign.id)).toMatchObject({ status: 'sent', counts: { sent: RATE + 2, queued: 0 } });
  });

  it('stops what is not yet sent when cancelled', async () => {
    const site = await kit.siteWithOptedIn(RATE + 2);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    await t.app.jobs.drain();
    expect(t.smtp.mails).toHaveLength(RATE);
    const cancel = await staffSend(t, admin, 'POST', `/admin/api/campaigns/${campaign.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(ZCampaign.parse(cancel.json())).toMatchObject({ status: 'cancelled', counts: { sent: RATE, cancelled: 2, queued: 0 } });

    t.clock.set(new Date(t.clock().getTime() + 60_000));
    await t.app.jobs.drain({ includeDelayed: true, maxRuns: 20 });
    expect(t.smtp.mails).toHaveLength(RATE);
    expect(await kit.auditActions(campaign.id)).toEqual(['campaign.create', 'campaign.send', 'campaign.cancel']);
  });

  it('waits out a member’s quiet hours', async () => {
    t.clock.set(new Date('2026-03-20T10:00:00Z'));
    await freshAdmin();
    const site = await kit.siteWithOptedIn(2);
    const [day, night] = site.members as [CampaignMember, CampaignMember];
    // 10:00 UTC is 23:00 in Auckland.
    await t.database.db.update(users).set({ timeZone: 'Pacific/Auckland' }).where(eq(users.id, night.userId));
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    await t.app.jobs.drain();
    expect(mailsTo(day)).toHaveLength(1);
    expect(mailsTo(night)).toHaveLength(0);
    expect(await kit.statusOf(campaign.id)).toBe('sending');

    // 08:30 in Auckland.
    t.clock.set(new Date('2026-03-20T19:30:00Z'));
    await freshAdmin();
    await t.app.jobs.drain({ includeDelayed: true, maxRuns: 20 });
    expect(mailsTo(night)).toHaveLength(1);
    expect(await kit.statusOf(campaign.id)).toBe('sent');
  });
});

describe('several server processes', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp(
      { smtpUrl: t.smtp.url, campaignMailsPerMinute: RATE, rateLimitKeyPrefix: RATE_LIMIT_PREFIX },
      { database: t.database, clock: t.clock },
    );
  });
  afterAll(async () => second?.close());

  it('mail each member once, and share the site’s throttle', async () => {
    t.clock.set(new Date('2026-03-24T10:00:00Z'));
    await freshAdmin();
    const site = await kit.siteWithOptedIn(RATE + 1);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    // The other process queues the same batches (its resume schedule), and a stray duplicate job too.
    await second.app.jobs.runSchedules();
    await second.app.jobs.send({ name: CAMPAIGN_BATCH_JOB } as JobDefinition<{ campaignId: number; batch: number }>, {
      campaignId: campaign.id,
      batch: 0,
    });
    await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
    // One throttle for the site across both processes (a duplicate racing the original may use up a slot, never add one).
    expect(t.smtp.mails.length).toBeGreaterThan(0);
    expect(t.smtp.mails.length).toBeLessThanOrEqual(RATE);

    for (let minute = 1; minute <= 5 && (await kit.statusOf(campaign.id)) !== 'sent'; minute++) {
      const before = t.smtp.mails.length;
      t.clock.set(new Date(t.clock().getTime() + 60_000));
      await Promise.all([
        t.app.jobs.drain({ includeDelayed: true, maxRuns: 20 }),
        second.app.jobs.drain({ includeDelayed: true, maxRuns: 20 }),
      ]);
      expect(t.smtp.mails.length - before).toBeLessThanOrEqual(RATE);
    }
    for (const member of site.members) expect(mailsTo(member)).toHaveLength(1);
    expect(await kit.statusOf(campaign.id)).toBe('sent');
  });
});

describe('personal data', () => {
  it('lists the campaigns mailed to the member in the data download, and erases them with the account', async () => {
    const site = await kit.siteWithOptedIn(1);
    const [member] = site.members as [CampaignMember];
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    await kit.sent(admin, campaign.id);
    await t.app.jobs.drain();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/personal-data.php?domain=${site.domain}`,
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const file = ZPersonalDataExport.strict().parse(response.json());
    expect(file.campaign_mails).toEqual([
      { kind: 'promotions', subject: 'Half price this weekend', status: 'sent', at: t.clock().toISOString() },
    ]);

    const { events } = t.app;
    await events.transaction(t.database.db, (tx) => events.publish(tx, { type: 'account.erased', userId: member.userId, profileId: null }));
    expect(await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.userId, member.userId))).toEqual([]);
  });
});

describe('who may', () => {
  it('needs campaigns.send: 401 without a session, 403 for other roles, the marketing role may', async () => {
    const site = await newSite(t);
    const moderator = await staffMember(t, 'moderator', t.clock());
    const marketing = await staffMember(t, 'marketing', t.clock());
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    expect((await staffGet(t, null, '/admin/api/campaigns')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/admin/api/campaigns'],
      ['POST', '/admin/api/campaigns'],
      ['POST', `/admin/api/campaigns/${campaign.id}/send`],
      ['POST', `/admin/api/campaigns/${campaign.id}/cancel`],
      ['POST', '/admin/api/campaigns/preview'],
    ] as const) {
      const response =
        method === 'GET'
          ? await staffGet(t, moderator, url)
          : await staffSend(t, moderator, method, url, kit.draft(site.siteId, site.domain));
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).code).toBe('staff_forbidden');
    }
    expect(await kit.statusOf(campaign.id)).toBe('draft');
    const list = await staffGet(t, marketing, `/admin/api/campaigns?site_id=${site.siteId}`);
    expect(list.statusCode).toBe(200);
    expect(ZCampaignList.parse(list.json()).campaigns.map((c) => c.id)).toEqual([campaign.id]);
  });
});

describe('bad input', () => {
  it('answers a clear 4xx with the shared error shape and stores nothing', async () => {
    const site = await newSite(t);
    const good = kit.draft(site.siteId, site.domain);
    const cases: [string, Record<string, unknown>, number, string, string?][] = [
      ['unknown kind', { ...good, kind: 'weekly_updates' }, 400, 'invalid_request', 'kind'],
      ['empty subject', { ...good, subject: '   ' }, 400, 'invalid_request', 'subject'],
      ['empty body', { ...good, body: '' }, 400, 'invalid_request', 'body'],
      ['subject too long', { ...good, subject: 'x'.repeat(151) }, 400, 'invalid_request', 'subject'],
      ['two-line subject', { ...good, subject: 'a\nBcc: x@example.com' }, 400, 'invalid_request', 'subject'],
      ['body too long', { ...good, body: 'x'.repeat(10_001) }, 400, 'invalid_request', 'body'],
      ['unknown language', { ...good, language: 'xx' }, 400, 'invalid_request', 'language'],
      ['unknown field', { ...good, from: 'boss@example.com' }, 400, 'invalid_request'],
      ['link without label', { ...good, button_label: null }, 400, 'invalid_request', 'button_label'],
      ['unknown site', { ...good, site_id: 999_999 }, 400, 'campaign_site_not_found', 'site_id'],
      ['link elsewhere', { ...good, link: 'https://evil.example/credits' }, 400, 'campaign_link_not_on_site', 'link'],
      ['link with credentials', { ...good, link: `https://${site.domain}@evil.example/` }, 400, 'campaign_link_not_on_site', 'link'],
      ['link on a look-alike host', { ...good, link: `https://${site.domain}.evil.example/` }, 400, 'campaign_link_not_on_site', 'link'],
      ['link not http', { ...good, link: 'javascript:alert(1)' }, 400, 'campaign_link_not_on_site', 'link'],
      ['link over http', { ...good, link: `http://${site.domain}/credits` }, 400, 'campaign_link_not_on_site', 'link'],
    ];
    const before = await campaignCount();
    for (const [what, body, status, code, field] of cases) {
      for (const url of ['/admin/api/campaigns', '/admin/api/campaigns/preview']) {
        const response = await staffSend(t, admin, 'POST', url, body);
        expect(response.statusCode, `${what} ${url}: ${response.body}`).toBe(status);
        const error = errorOf(response);
        expect(error.code, what).toBe(code);
        expect(error.message.length, what).toBeGreaterThan(0);
        if (field) expect(error.field, what).toBe(field);
      }
    }
    expect(await campaignCount()).toBe(before);

    // An edit with bad input leaves the draft as it was.
    const campaign = await kit.created(admin, good);
    const edit = await staffSend(t, admin, 'PUT', `/admin/api/campaigns/${campaign.id}`, {
      ...good,
      subject: 'New',
      link: 'https://evil.example/',
    });
    expect(edit.statusCode).toBe(400);
    expect((await getCampaign(campaign.id)).subject).toBe(good.subject);
    expect((await staffGet(t, admin, '/admin/api/campaigns/999999')).statusCode).toBe(404);
    expect(t.smtp.mails).toHaveLength(0);
  });

  it('records edits in the audit log with before and after', async () => {
    const site = await newSite(t);
    const campaign = await kit.created(admin, kit.draft(site.siteId, site.domain));
    const edit = await staffSend(
      t,
      admin,
      'PUT',
      `/admin/api/campaigns/${campaign.id}`,
      kit.draft(site.siteId, site.domain, { link: null, button_label: null, subject: 'Plain news', kind: 'news' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(ZCampaign.parse(edit.json())).toMatchObject({
      subject: 'Plain news',
      kind: 'news',
      link: null,
      button_label: null,
      status: 'draft',
    });
    const log = await staffGet(t, admin, `/admin/api/audit?item_type=campaign&item_id=${campaign.id}`);
    const update = (log.json().entries as { action: string; before: { subject: string }; after: { subject: string } }[]).find(
      (e) => e.action === 'campaign.update',
    );
    expect(update).toMatchObject({ before: { subject: 'Half price this weekend' }, after: { subject: 'Plain news' } });
  });
});
