/**
 * Storing a browser's push subscription (issue 30, decision 040): `POST /api/user.php?push=1`
 * beside the login on the same path, one row per browser that moves with the login, removal,
 * every kind of bad subscription refused with the same clear 400 and nothing stored, the
 * stricter production rules, the data download and the erased account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { pushSubscriptions } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chatKit, type Member } from '../chats/test/chats-test-kit';
import { get } from '../profiles/test/profiles-test-kit';
import { startLocalPushService, type LocalPushService } from './test/local-push-service';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let service: LocalPushService;

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-03-10T10:00:00Z'));
  kit = chatKit(t);
  service = await startLocalPushService();
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

/** The call as the member's browser makes it on their site (`query`: more of the query string). */
function subscribe(
  app: TestApp['app'],
  member: (Pick<Member, 'cookie'> & { domain: string }) | null,
  body: unknown,
  headers: Record<string, string> = {},
  query = '',
) {
  return app.inject({
    method: 'POST',
    url: `/api/user.php?push=1${member ? `&domain=${member.domain}` : ''}${query}`,
    headers: { ...(member ? { cookie: member.cookie } : {}), ...headers },
    payload: body as object,
  });
}

/** The site's members, each with the domain their calls go to. */
const on = <T extends Member[]>(domain: string, members: [...T]) =>
  members.map((member) => ({ ...member, domain })) as { [K in keyof T]: T[K] & { domain: string } };

const rowsOf = (userId: number) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const rowByEndpoint = async (endpoint: string) =>
  (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

describe('POST /api/user.php?push=1', () => {
  it('stores the browser once, updates it on the next visit, and leaves the login on POST /api/user.php', async () => {
    const site = await kit.siteWith(1);
    const [member] = on(site.domain, site.members as [Member]);
    const browser = service.subscribe();
    const first = await subscribe(t.app, member, { subscription: browser });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ subscribed: true });
    t.clock.advance(60_000);
    const rotated = { ...browser, keys: { ...browser.keys, auth: service.subscribe().keys.auth } };
    expect((await subscribe(t.app, member, { subscription: rotated })).statusCode).toBe(200);
    const rows = await rowsOf(member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: rotated.keys.auth });
    expect(rows[0]!.updatedAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60_000);

    // The same path without the flag is still the login.
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/user.php?domain=${site.domain}`,
      payload: { email: member.body.email, password: member.body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.id).toBe(member.userId);
  });

  it('moves a browser to the member who subscribes it next, and removes only the member’s own', async () => {
    const site = await kit.siteWith(2);
    const [anna, bert] = on(site.domain, site.members as [Member, Member]);
    const browser = service.subscribe();
    await subscribe(t.app, anna, { subscription: browser });
    await subscribe(t.app, bert, { subscription: browser });
    expect(await rowsOf(anna.userId)).toHaveLength(0);
    expect((await rowByEndpoint(browser.endpoint))?.userId).toBe(bert.userId);

    // Anna cannot take Bert's browser away; Bert can.
    expect((await subscribe(t.app, anna, { subscription: null, endpoint: browser.endpoint })).json()).toEqual({ subscribed: false });
    expect(await rowByEndpoint(browser.endpoint)).toBeDefined();
    expect((await subscribe(t.app, bert, { subscription: null, endpoint: browser.endpoint })).json()).toEqual({ subscribed: false });
    expect(await rowByEndpoint(browser.endpoint)).toBeUndefined();
  });

  it('keeps the ten most recent browsers of a member', async () => {
    const site = await kit.siteWith(1);
    const [member] = on(site.domain, site.members as [Member]);
    const browsers = Array.from({ length: 12 }, () => service.subscribe());
    for (const browser of browsers) {
      t.clock.advance(1000);
      expect((await subscribe(t.app, member, { subscription: browser })).statusCode).toBe(200);
    }
    const kept = (await rowsOf(member.userId)).map((row) => row.endpoint);
    expect(kept.sort()).toEqual(
      browsers
        .slice(2)
        .map((b) => b.endpoint)
        .sort(),
    );
  });

  it('refuses every bad subscription with the same clear 400 in the member’s language, and stores nothing', async () => {
    const site = await kit.siteWith(1);
    const [member] = on(site.domain, site.members as [Member]);
    const good = service.subscribe();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const bad: [string, unknown][] = [
      ['no body', undefined],
      ['not an object', { subscription: 'yes' }],
      ['no keys', { subscription: { endpoint: good.endpoint } }],
      ['http to another host', { subscription: { ...good, endpoint: 'http://push.example.com/push/1' } }],
      ['not a URL', { subscription: { ...good, endpoint: 'push service' } }],
      ['ftp', { subscription: { ...good, endpoint: 'ftp://push.example.com/x' } }],
      ['credentials in the URL', { subscription: { ...good, endpoint: 'https://user:pw@push.example.com/x' } }],
      ['endpoint too long', { subscription: { ...good, endpoint: `https://push.example.com/${'x'.repeat(3000)}` } }],
      ['p256dh too short', { subscription: { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 43) } } }],
      [
        'p256dh compressed',
        {
          subscription: {
            ...good,
            keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([2]), Buffer.alloc(32, 1)]).toString('base64url') },
          },
        },
      ],
      ['p256dh off the curve', { subscription: { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } } }],
      ['p256dh not base64url', { subscription: { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 86)}+` } } }],
      ['auth of 15 bytes', { subscription: { ...good, keys: { ...good.keys, auth: Buffer.alloc(15, 1).toString('base64url') } } }],
      ['auth as a number', { subscription: { ...good, keys: { ...good.keys, auth: 16 } } }],
      ['extra field', { subscription: good, admin: true }],
      ['removal without endpoint', { subscription: null }],
    ];
    for (const [label, body] of bad) {
      const response = await subscribe(t.app, member, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json().error.code, label).toBe('invalid_push_subscription');
      expect(response.json().error.message, label).toBe(
        'Your browser sent a push subscription that is not valid, so notifications could not be turned on for this device. Please try again.',
      );
    }
    const dutch = await subscribe(t.app, member, { subscription: { ...good, endpoint: 'ftp://x' } }, {}, '&locale=nl');
    expect(dutch.json().error.message).toBe(
      'Je browser stuurde een ongeldige pushregistratie, daardoor konden meldingen op dit apparaat niet worden aangezet. Probeer het opnieuw.',
    );
    expect(await rowsOf(member.userId)).toHaveLength(0);

    // A visitor is told to log in; a page of another site is refused before anything is read.
    expect((await subscribe(t.app, null, { subscription: good })).statusCode).toBe(403);
    expect((await subscribe(t.app, member, { subscription: good }, { origin: 'https://evil.example' })).json().error.code).toBe(
      'foreign_origin',
    );
    expect(await rowByEndpoint(good.endpoint)).toBeUndefined();
  });

  it('takes only https endpoints on public hosts in production', async () => {
    const production = await createTestApp({ mode: 'production' }, { database: t.database, clock: t.clock });
    try {
      const site = await kit.siteWith(1);
      const [member] = on(site.domain, site.members as [Member]);
      const keys = service.subscribe().keys;
      const at = (endpoint: string) => subscribe(production.app, member, { subscription: { endpoint, keys } });
      for (const endpoint of [
        'http://127.0.0.1:9/push/1',
        'https://127.0.0.1/push/1',
        'https://10.1.2.3/push/1',
        'https://[::1]/push/1',
        'https://localhost/push/1',
        'https://push.internal/x',
        'https://pushservice/x',
      ]) {
        const response = await at(endpoint);
        expect(response.statusCode, endpoint).toBe(400);
        expect(response.json().error.code).toBe('invalid_push_subscription');
      }
      expect((await at('https://fcm.googleapis.com/fcm/send/abc:def')).statusCode).toBe(200);
      expect((await rowsOf(member.userId)).map((row) => row.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/abc:def']);
    } finally {
      await production.close();
    }
  });
});

describe('personal data', () => {
  it('lists the member’s browsers in the data download, shortened, and erases them with the account', async () => {
    const site = await kit.siteWith(1);
    const [member] = on(site.domain, site.members as [Member]);
    const browser = service.subscribe();
    await subscribe(t.app, member, { subscription: browser });
    const response = await get(t, `/api/personal-data.php?domain=${site.domain}`, member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const file = ZPersonalDataExport.strict().parse(response.json());
    expect(file.push_devices).toEqual([
      {
        endpoint: `${service.origin}/…${browser.endpoint.slice(-8)}`,
        subscribed_at: t.clock().toISOString(),
        updated_at: t.clock().toISOString(),
        last_push_at: null,
      },
    ]);

    const { events } = t.app;
    await events.transaction(t.database.db, (tx) => events.publish(tx, { type: 'account.erased', userId: member.userId, profileId: null }));
    expect(await rowsOf(member.userId)).toHaveLength(0);
  });
});
