import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';
import sharp from 'sharp';

test.use({ viewport: { width: 375, height: 812 } });

/** A portrait photo (taller than wide), as a phone takes it. */
async function portrait(name: string) {
  const buffer = await sharp({ create: { width: 90, height: 160, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function activeMember(page: Page, label: string, name: string): Promise<number> {
  const email = newEmail(label);
  const id = await signupThroughApi(page.request, email, name);
  await activateThroughMail(page.request, email);
  return id;
}

test.describe('on a phone: own photos, report, block once, blocked members in the settings', () => {
  test('a portrait uploads with progress, is shown whole and awaits review; the delete button is of normal height', async ({ page }) => {
    await skipEntryWarning(page);
    await activeMember(page, 'portrait', 'Lena');
    await page.goto('/profile');
    await expect(page.locator('#photo-count')).toHaveText('0 of 3 photos');

    await page.locator('#photo-input').setInputFiles([await portrait('me.png'), await portrait('me-too.png')]);
    await expect(page.locator('#photo-notice')).toHaveText('2 photos uploaded.');
    const first = page.locator('#photo-list > li').first();
    await expect(first).toContainText('Awaiting review');
    await expect(page.locator('#photo-pending-note')).toHaveText(
      'Photos awaiting review are visible only to you. Other members will see them after our check.',
    );

    // Whole: the display size (90 x 160), fitted into the tile, not the square-cropped thumbnail.
    const photo = page.getByAltText('Your photo 1');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([90, 160]);
    expect(await photo.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');

    const deleteButton = page.getByRole('button', { name: 'Delete photo 1' });
    const height = (await deleteButton.boundingBox())!.height;
    expect(height).toBeLessThan(44);
    await expectNoAxeViolations(page, { include: '#photo-list', label: 'own photos' });
  });

  test('report a member from their profile page, once; block with one confirmation; unblock in the settings', async ({ browser }) => {
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await skipEntryWarning(other);
    const otherId = await activeMember(other, 'reported', 'Milo');
    await otherContext.close();

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await skipEntryWarning(page);
    await activeMember(page, 'reporter', 'Ines');

    await page.goto(`/members/${otherId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Milo, \d+$/);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Milo' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'Scam or spam' });
    await dialog.getByLabel('Details (optional)').fill('Asked me to pay for a taxi before we ever met.');
    await dialog.getByLabel(/made in good faith/).check();
    await expectNoAxeViolations(page, { include: '#report-dialog', label: 'report dialog' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.locator('#report-received')).toHaveText('Thanks, we received your report and will review it.');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // A second report of the same profile while the first is open is answered clearly.
    await page.getByRole('button', { name: 'Report' }).click();
    await dialog.getByLabel('Reason').selectOption({ label: 'Fake profile' });
    await dialog.getByLabel(/made in good faith/).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.locator('#report-error')).toHaveText('You have already reported this profile. We are reviewing your report.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Blocking asks once, then the page says it once, with a one-click Unblock.
    let nativeDialogs = 0;
    page.on('dialog', (d) => {
      nativeDialogs += 1;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Block' }).click();
    const confirm = page.getByRole('dialog', { name: 'Block Milo?' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('#member-blocked-notice')).toHaveText('You have blocked Milo. Milo cannot see your profile or contact you.');
    await expect(page.getByText(/You have blocked Milo/)).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(nativeDialogs).toBe(0);
    await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();

    await page.goto('/notifications');
    const blocked = page.locator('#blocked-members');
    await expect(blocked.getByRole('heading', { name: 'Blocked members' })).toBeVisible();
    await expect(blocked.getByRole('listitem')).toHaveCount(1);
    await expect(blocked.getByRole('link', { name: 'Milo' })).toBeVisible();
    await expectNoAxeViolations(page, { include: '#blocked-members', label: 'blocked members' });
    await blocked.getByRole('button', { name: 'Unblock Milo' }).click();
    await expect(blocked.locator('#blocked-members-notice')).toHaveText('You have unblocked Milo.');
    await expect(blocked.locator('#blocked-members-none')).toHaveText('You have not blocked anyone.');

    await page.goto(`/members/${otherId}`);
    await expect(page.getByRole('button', { name: 'Block' })).toBeVisible();
    await expect(page.locator('#member-blocked-notice')).toHaveCount(0);
    await context.close();
  });
});
