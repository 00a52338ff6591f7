/**
 * Conversion postbacks (issue 31, decision 050) on a phone-sized back office: the demo admin adds a
 * network whose postback URL is a local HTTP double (a demo server accepts http://127.0.0.1:<port>),
 * a visitor who came by that network and accepted ad tracking signs up and activates, the double
 * receives the signup and the activation once each with the filled-in values, and the call log shows both.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { activateThroughMail, newEmail, PASSWORD, siteOrigin } from '../support/members';
import { loginAsDemoAdmin } from '../support/staff';

test.use({ viewport: { width: 375, height: 812 } });
// Login, two axe scans and the job queue's polling: more than the default 30 s on a busy machine.
test.setTimeout(120_000);

let double: http.Server;
const received: URL[] = [];

test.beforeAll(async () => {
  double = http.createServer((request, response) => {
    received.push(new URL(request.url ?? '/', 'http://double'));
    response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
  await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => double.close(() => resolve())));

test('a network is told of a consenting visitor’s signup and activation once each, and the call log shows it', async ({
  page,
  request,
}) => {
  const { port } = double.address() as AddressInfo;
  const network = `n-e2e-${Date.now()}`;

  await loginAsDemoAdmin(page);
  await page.getByRole('link', { name: 'Postbacks' }).click();
  await expect(page.getByRole('heading', { name: 'Postbacks', level: 1 })).toBeVisible();
  await page.getByLabel('Site').selectOption('1');
  const form = page.getByRole('form', { name: 'Add a network' });
  // An http address other than the local double is refused in the form, with the reason under the field.
  await form.getByLabel('Network name').fill(network);
  await form.getByLabel('Postback URL template').fill('http://postbacks.example.com/pb');
  await form.getByRole('button', { name: 'Add network' }).click();
  await expect(form.getByText('The postback URL must start with https://.')).toBeVisible();
  await form.getByLabel('Postback URL template').fill(`http://127.0.0.1:${port}/pb?e={event}&s={sub1}&u={user}&n={network}`);
  await form.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The network ${network} was saved.` })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'postbacks screen' });

  // A visitor from ?network=<network>&sub1=s1 who accepted ad tracking signs up and confirms the address.
  const email = newEmail('postback');
  const signup = await request.post(`${siteOrigin()}/api/signup.php`, {
    data: {
      email,
      name: 'Rosa',
      password: PASSWORD,
      date_of_birth: '1988-02-03',
      gender: 'female',
      looking_for: 'both',
      consent_terms: true,
      tracking: { network, sub1: 's1', email },
      consent_ad_tracking: true,
    },
    headers: { 'X-Forwarded-For': `10.31.71.${Date.now() % 250}` },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await activateThroughMail(request, email);

  const ours = () => received.filter((url) => url.searchParams.get('n') === network);
  await expect
    .poll(
      () =>
        ours()
          .map((url) => url.searchParams.get('e'))
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual(['activation', 'signup']);
  for (const url of ours()) {
    expect(url.searchParams.get('s')).toBe('s1');
    expect(url.searchParams.get('u')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url.search).not.toContain('example.com');
  }

  await page.reload();
  const log = page.getByRole('group', { name: 'Calls to networks' });
  await expect(log.getByRole('row').filter({ hasText: network })).toHaveCount(2);
  await expect(log.getByRole('row').filter({ hasText: network }).first()).toContainText('Sent');
  await expectNoAxeViolations(page, { label: 'postbacks call log' });
  // Once each: nothing more arrives.
  await page.waitForTimeout(3_000);
  expect(ours()).toHaveLength(2);
});
