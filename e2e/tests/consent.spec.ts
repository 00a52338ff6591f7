import { expect, test } from '@playwright/test';
import { newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

test.describe('orientation consent', () => {
  test('withdraw it in the settings: the sexuality leaves the profile and cannot be chosen until consent is given again', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('consent'));
    await page.goto('/profile');
    await page.getByLabel('Sexual orientation').selectOption('bi');
    await page.locator('#profile-submit').click();
    await expect(page.locator('#profile-saved')).toHaveText('Your profile has been saved.');

    // To the settings through the menu: the app keeps running, with the profile in its cache.
    await page.locator('#account-dropdown').click();
    await page.locator('#settings-link').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy' })).toBeVisible();
    const consent = page.getByRole('switch', { name: 'Use my sexual orientation to find matches' });
    await expect(consent).toBeChecked();
    await consent.uncheck();
    await expect(page.locator('#orientation-consent-saved')).toHaveText('Your choice has been saved.');
    await expect(consent).not.toBeChecked();

    await page.locator('#account-dropdown').click();
    await page.locator('#profile-link').click();
    const sexuality = page.getByLabel('Sexual orientation');
    await expect(sexuality).toBeDisabled();
    await expect(sexuality).toHaveValue('');
    await expect(page.locator('#profile-sexuality-help')).toContainText('You have withdrawn your consent');
    await page.reload();
    await expect(page.getByLabel('Sexual orientation')).toBeDisabled();
    await expect(page.getByLabel('Sexual orientation')).toHaveValue('');

    // Both the sexuality and the looking-for fields offer the way back to the consent; take the first.
    await expect(page.getByRole('link', { name: 'Give your consent in your settings' })).toHaveCount(2);
    await page.locator('#profile-sexuality-consent').click();
    await expect(page).toHaveURL(/\/notifications$/);
    await consent.check();
    await expect(page.locator('#orientation-consent-saved')).toBeVisible();
    await expect(consent).toBeChecked();

    await page.goto('/profile');
    await expect(page.getByLabel('Sexual orientation')).toBeEnabled();
    await expect(page.locator('#profile-sexuality-help')).toHaveCount(0);
    await page.getByLabel('Sexual orientation').selectOption('gay');
    await page.locator('#profile-submit').click();
    await expect(page.locator('#profile-saved')).toHaveText('Your profile has been saved.');
  });
});
