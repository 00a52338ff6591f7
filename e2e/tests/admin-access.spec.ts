/**
 * Staff access to the back office (issue 13): the demo admin logs in with a TOTP code; a moderator
 * the admin creates on the staff screen logs in, sets up TOTP from the key shown as text, keeps
 * the recovery codes, and sees only the navigation of the moderator role.
 */
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from '../support/axe';
import { createStaff, loginAsDemoAdmin, loginAsNewStaff, loginWithTotpSetup, STAFF_PASSWORD, type NewStaff } from '../support/staff';

const ALL_NAV = [
  'Dashboard',
  'Photos',
  'Reports',
  'Appeals',
  'Members',
  'Sites',
  'Fictional profiles',
  'Promotions and news',
  'Audit log',
  'Staff',
];
const MODERATOR_NAV = ['Dashboard', 'Photos', 'Reports', 'Appeals', 'Members'];

test('an admin logs in with a TOTP code and sees the dashboard with every screen', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await loginAsDemoAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByText('Signed in as Demo admin (admin)')).toBeVisible();
  for (const item of ALL_NAV) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
});

test('a moderator created by the admin sets up TOTP at the first login and sees only the screens of the role', async ({
  page,
  browser,
}) => {
  await loginAsDemoAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff', exact: true }).click();
  const form = page.getByRole('form', { name: 'New staff member' });
  const email = `moderator.${Date.now()}@staff.example`;
  await form.getByLabel('Name').fill('Mona Moderator');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Role').selectOption('moderator');
  await form.getByLabel('Initial password').fill(STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${email} can now log in.`)).toBeVisible();
  await expectNoAxeViolations(page, { include: '#admin-main', label: 'staff screen' });
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: 'Not yet' })).toBeVisible();

  const moderatorContext = await browser.newContext();
  const moderatorPage = await moderatorContext.newPage();
  const staff: NewStaff = { id: 0, email, password: STAFF_PASSWORD, name: 'Mona Moderator', role: 'moderator' };
  const loggedIn = await loginWithTotpSetup(moderatorPage, staff);
  expect(loggedIn.recoveryCodes).toHaveLength(10);

  const nav = moderatorPage.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByText('Signed in as Mona Moderator (moderator)')).toBeVisible();
  for (const item of MODERATOR_NAV) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  for (const item of ALL_NAV.filter((i) => !MODERATOR_NAV.includes(i)))
    await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
  // Typing the address of a screen the role may not use: a notice, and the server refuses its calls.
  await moderatorPage.goto('/admin/staff');
  await expect(moderatorPage.getByText('Your role may not use this page.')).toBeVisible();
  expect((await moderatorPage.request.get('/admin/api/staff')).status()).toBe(403);

  // The admin's list shows the moderator's two-factor login as set up.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email }).getByRole('cell', { name: 'Set up', exact: true })).toBeVisible();
  await moderatorContext.close();
});

test('the support helpers: staff created through the API log in with their own TOTP setup', async ({ page }) => {
  const support = await loginAsNewStaff(page, 'support');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByText(`Signed in as ${support.name} (support)`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Photos', exact: true })).toHaveCount(0);
  // A support member may not create staff: the API refuses.
  const refused = await page.request.post('/admin/api/staff', {
    data: { email: 'x@staff.example', name: 'X', role: 'admin', password: STAFF_PASSWORD },
  });
  expect(refused.status()).toBe(403);
});

test('every step of the first login is accessible and usable with the keyboard', async ({ page }) => {
  const staff = await createStaff(null, 'finance');
  await page.goto('/admin/login');
  await expectNoAxeViolations(page, { label: 'login: password' });
  // Keyboard only: the e-mail field has the focus, Tab moves on, Enter sends.
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await page.keyboard.type(staff.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(staff.password);
  await page.keyboard.press('Enter');

  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await expect(page.getByRole('heading', { name: 'Set up two-factor login' })).toBeFocused();
  await expectNoAxeViolations(page, { label: 'login: TOTP setup' });
  await page.getByLabel('Code from your authenticator app').focus();
  await page.keyboard.type(await generate({ secret }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expectNoAxeViolations(page, { label: 'login: recovery codes' });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'I have saved them' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText(`Signed in as ${staff.name} (finance)`)).toBeVisible();
});
