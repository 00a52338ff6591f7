/**
 * Issue 13: a report leads to a suspension. A member reports another member's profile; a
 * moderator suspends the reported member from the report queue; the reported member receives the
 * statement of reasons by e-mail (what, ground, facts, how to appeal), can no longer log in (the
 * login screen says until when), and can still open the decision from the e-mail's link.
 */
import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { linkIn, nthMailTo } from '../support/mailbox';
import { activateThroughMail, newEmail, PASSWORD, signupThroughApi, skipEntryWarning } from '../support/members';
import { loginAsNewStaff } from '../support/staff';

async function memberPage(browser: Browser, label: string, name: string) {
  // A phone: the member's screens work at 375 px.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await skipEntryWarning(page);
  const email = newEmail(label);
  const profileId = await signupThroughApi(page.request, email, name);
  await activateThroughMail(page.request, email);
  return { context, page, email, profileId };
}

test('a report leads to a suspension: the member receives the statement of reasons and can no longer log in', async ({ browser, page }) => {
  // Three people's whole flow (two signups, a moderator's two-factor login, two mails that wait for
  // the job queue's poll, an appeal) takes 25-27 s on a 2-vCPU machine: too close to the default 30 s.
  test.setTimeout(90_000);
  const reported = await memberPage(browser, 'reported', 'Quirijn');
  const reporter = await memberPage(browser, 'reporter', 'Ines');

  // The member reports the profile from its page.
  await reporter.page.goto(`/members/${reported.profileId}`);
  await reporter.page.getByRole('button', { name: 'Report' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Report Quirijn' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Scam or spam' });
  await dialog.getByLabel('Details (optional)').fill('Asked me for money for a plane ticket.');
  await dialog.getByLabel(/made in good faith/).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.locator('#report-received')).toBeVisible();

  // A moderator decides it in the report queue: the exact item, the reporter's words, the decision form.
  await loginAsNewStaff(page, 'moderator');
  await page.getByRole('link', { name: 'Reports' }).click();
  const card = page.getByRole('article', { name: /^Profile: Quirijn #\d+/ });
  await expect(card).toContainText('Asked me for money for a plane ticket.');
  await expect(card).toContainText('Ines');
  await expectNoAxeViolations(page, { label: 'report queue' });
  await card.getByLabel('Action').selectOption('suspend');
  await card.getByLabel('Ground').selectOption('scam_spam');
  await card.getByLabel('Days of suspension').fill('7');
  await card.getByLabel(/^Facts/).fill('Asked another member to pay for a plane ticket.');
  await card.getByRole('button', { name: 'Decide' }).click();
  await expect(card).toBeHidden();

  // The statement of reasons arrives (the first mail was the activation link).
  const statement = await nthMailTo(reported.email, 2);
  expect(statement.subject).toMatch(/^A decision about your account on /);
  expect(statement.text).toContain('Your account is suspended until');
  expect(statement.text).toContain('Ground: Scam or spam');
  expect(statement.text).toContain('Facts: Asked another member to pay for a plane ticket.');
  expect(statement.text).toContain('You can appeal this decision until');

  // The member's open session ended; logging in again is refused with the end date.
  await reported.page.goto('/notifications');
  await expect(reported.page).toHaveURL(/\/login/);
  await reported.page.locator('#login-email').fill(reported.email);
  await reported.page.locator('#login-password').fill(PASSWORD);
  await reported.page.locator('#login-submit').click();
  await expect(reported.page.locator('#login-error')).toContainText(/Your account is suspended until \d{1,2} \w+ \d{4}/);

  // The e-mail's link opens the decision and its appeal without a login.
  await reported.page.goto(linkIn(statement, '/decision/'));
  await expect(reported.page.getByRole('heading', { level: 1, name: 'Our decision' })).toBeVisible();
  await expect(reported.page.getByText('Asked another member to pay for a plane ticket.')).toBeVisible();
  expect(await reported.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(reported.page, { include: 'main', label: 'decision page' });
  await reported.page.getByLabel('Your appeal').fill('I only asked whether we could share the costs.');
  await reported.page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(reported.page.getByRole('status')).toContainText('We have received your appeal');

  // The reporter is told the outcome, without the member's details.
  const notice = await nthMailTo(reporter.email, 2);
  expect(notice.text).toContain('We have taken action against the account concerned.');
  expect(notice.text).not.toContain('plane ticket');

  await reported.context.close();
  await reporter.context.close();
});
