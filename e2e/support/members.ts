/**
 * Members for the profile scenarios: signed up through the API in a browser context (so that
 * context is logged in), optionally activated through the mailed link, with generated photos.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PORT } from '../playwright.config';
import { linkIn, nthMailTo } from './mailbox';

export const PASSWORD = 'correct horse battery';
let counter = 0;

export const newEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

/** The origin of a demo site: 'localhost' (English) or 'nl.localhost' (Dutch). */
export const siteOrigin = (host = 'localhost') => `http://${host}:${E2E_PORT}`;

/**
 * For scenarios about something else: the visitor dismissed the entry warning on an earlier visit
 * and answered the ad-tracking banner then (rejected), so neither covers the page; and this tab
 * already asked for its auto-like, so no new-like modal covers an activated member's page
 * (t=<seconds> still asks: the matching scenarios).
 */
export async function skipEntryWarning(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    window.localStorage.setItem('site-entry-warning-dismissed', new Date().toISOString());
    window.localStorage.setItem('ad-tracking-consent', JSON.stringify({ choice: 'rejected', at: new Date().toISOString() }));
    window.sessionStorage.setItem('auto-like-asked', '1');
  });
}

/**
 * Each signup comes from its own address (the e2e server trusts X-Forwarded-For), so these
 * scenarios stay under the signup limit per address and leave it to the account scenarios.
 */
let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.77.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};

/**
 * Gives this page's signup calls their own client address, for scenarios that sign up through the
 * page's form: eleven such signups from 127.0.0.1 in one run would meet the limit per address, and
 * the last scenario would fail for a reason it does not test. Only the signup call: the demo's
 * /dev/mailbox answers loopback alone.
 */
export async function useOwnAddress(page: Page): Promise<void> {
  const address = nextAddress();
  await page.route(
    (url) => url.pathname === '/api/signup.php',
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

const signupBody = (email: string, name: string) => ({
  email,
  name,
  password: PASSWORD,
  date_of_birth: '1988-02-03',
  gender: 'female',
  looking_for: 'both',
  consent_terms: true,
  consent_orientation_data: true,
});

/** Signs up through the API in the context of `request` (the English site); answers the new profile's id. */
export async function signupThroughApi(request: APIRequestContext, email: string, name = 'Rosa'): Promise<number> {
  const response = await request.post(`${siteOrigin()}/api/signup.php`, {
    data: signupBody(email, name),
    headers: { 'X-Forwarded-For': nextAddress() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: { profile: { id: number } } }).user.profile.id;
}

/**
 * Signs up on another demo site (e.g. nl.localhost) from inside the page: only the browser
 * resolves *.localhost, and the session cookie must belong to that host.
 */
export async function signupOnSite(page: Page, host: string, email: string, name: string): Promise<number> {
  await page.goto(`${siteOrigin(host)}/pages/faq`);
  const answer = await page.evaluate(
    async ({ body, address }) => {
      const response = await fetch('/api/signup.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { body: signupBody(email, name), address: nextAddress() },
  );
  expect(answer.status, answer.text).toBe(201);
  return (JSON.parse(answer.text) as { user: { profile: { id: number } } }).user.profile.id;
}

/** Follows the activation link of the member's first mail: a confirmed account is usable, so others can find it. */
export async function activateThroughMail(request: APIRequestContext, email: string) {
  const mail = await nthMailTo(email, 1);
  const response = await request.get(`${siteOrigin()}${linkIn(mail, '/api/activate.php')}`);
  expect(response.ok()).toBe(true);
}

/** A small PNG photo, a different colour for each call. */
export async function pngPhoto(seed = counter++): Promise<Buffer> {
  const channel = (n: number) => (seed * n * 47) % 256;
  return sharp({ create: { width: 96, height: 72, channels: 3, background: { r: channel(3), g: channel(5), b: channel(7) } } })
    .png()
    .toBuffer();
}

export async function photoFile(name: string) {
  return { name, mimeType: 'image/png', buffer: await pngPhoto() };
}
