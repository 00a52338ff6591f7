/**
 * Helpers for tests that need members: a test app wired to an in-process SMTP server and a
 * movable clock, signup through the real API, and cookies and links taken from real answers.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../db/schema';
import { manualClock } from '../infra/clock';
import { createTestApp, type TestApp } from './test-app';
import type { AppDeps } from '../app';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server';

export interface AccountsTestApp extends TestApp {
  smtp: TestSmtpServer;
  clock: ReturnType<typeof manualClock>;
}

export async function createAccountsTestApp(
  start = new Date('2026-03-10T10:00:00Z'),
  config: Partial<AppDeps['config']> = {},
): Promise<AccountsTestApp> {
  const smtp = await startTestSmtpServer();
  const clock = manualClock(start);
  const testApp = await createTestApp({ smtpUrl: smtp.url, ...config }, { clock });
  return {
    ...testApp,
    smtp,
    clock,
    close: async () => {
      await testApp.close();
      await smtp.close();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

/**
 * A valid signup. Sanne is a woman who looks for both (the same as an unknown wish, decision 036),
 * so a kit member is offered to, and offered, everyone who wants a woman.
 */
export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    name: 'Sanne',
    password: 'correct horse battery',
    date_of_birth: '1990-05-17',
    gender: 'female',
    looking_for: 'both',
    consent_terms: true,
    consent_orientation_data: true,
    ...overrides,
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'auth.session');
  expect(cookie, `no session cookie in ${response.statusCode} ${response.body}`).toBeDefined();
  return `auth.session=${cookie!.value}`;
}

/** The path and query of the link in a mail, to request it from the test app. */
export function linkPath(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  expect(link, `no ${pathPrefix} link in ${mail.links.join(', ')}`).toBeDefined();
  const url = new URL(link!);
  return url.pathname + url.search;
}

export function tokenOf(mail: ReceivedMail, pathPrefix: string): string {
  return new URL(linkPath(mail, pathPrefix), 'http://x').searchParams.get('token')!;
}

/** A different client address per helper signup, so the per-IP signup limit stays out of the way. */
export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function signup(t: AccountsTestApp, overrides: Record<string, unknown> = {}, domain = 'localhost') {
  const body = signupBody(overrides);
  const response = await t.app.inject({ method: 'POST', url: `/api/signup.php?domain=${domain}`, payload: body, remoteAddress: nextIp() });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = sessionCookieOf(response);
  const mail = await t.smtp.waitForMail(body.email);
  return { body, cookie, mail, user: response.json().user };
}

/** Signs up and follows the activation link: an active member with a session. */
export async function activeMember(t: AccountsTestApp, overrides: Record<string, unknown> = {}) {
  const member = await signup(t, overrides);
  const activation = await t.app.inject({
    method: 'GET',
    url: linkPath(member.mail, '/api/activate.php'),
    headers: { cookie: member.cookie },
  });
  expect(activation.headers.location).toBe('/activate/done');
  return member;
}

export function errorOf(response: LightMyRequestResponse): { code: string; message: string; field?: string } {
  return response.json().error;
}

/**
 * A new site copied from the default one with some settings changed. Sites are cached for 30 s
 * by domain, so a test that needs other settings uses a domain of its own.
 */
export async function createSite(t: TestApp, domain: string, overrides: Partial<typeof sites.$inferInsert>) {
  const [base] = await t.database.db.select().from(sites).where(eq(sites.domain, 'localhost'));
  const { id: _id, isDefault: _default, createdAt: _created, ...copy } = base!;
  await t.database.db.insert(sites).values({ ...copy, ...overrides, domain, isDefault: false });
}
