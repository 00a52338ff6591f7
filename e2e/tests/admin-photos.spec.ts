/**
 * Issue 13: a moderator approves a member's photo and the member then shows it in search. The
 * member uploads a photo on their profile (it awaits review, hidden); a moderator finds it in the
 * back office's photo queue, on a phone-sized screen, and approves it from the keyboard; another
 * member's search then shows the profile with that photo.
 */
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '@playwright/test';
import { activateThroughMail, newEmail, photoFile, signupThroughApi, skipEntryWarning } from '../support/members';
import { loginAsNewStaff } from '../support/staff';

test('a moderator approves a member photo in the back office; the member then shows it in search', async ({ browser }) => {
  // The member uploads a photo: it waits for review.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await skipEntryWarning(member);
  const email = newEmail('photo-review');
  const profileId = await signupThroughApi(member.request, email, 'Ottilie');
  await activateThroughMail(member.request, email);
  await member.goto('/profile');
  await member.locator('#photo-input').setInputFiles(await photoFile('ottilie.png'));
  await expect(member.locator('#photo-list > li').first()).toContainText('Awaiting review');
  const uploaded = await member.request.get('/api/photos.php');
  const [photo] = ((await uploaded.json()) as { photos: { id: number; thumb_url: string }[] }).photos;

  // Another member does not see it yet: no photo on the profile page.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await skipEntryWarning(viewer);
  const viewerEmail = newEmail('photo-viewer');
  await signupThroughApi(viewer.request, viewerEmail, 'Viktor');
  await activateThroughMail(viewer.request, viewerEmail);
  const before = (await (await viewer.request.get(`/api/member.php?id=${profileId}`)).json()) as { profile: { main_image: string | null } };
  expect(before.profile.main_image).toBeNull();

  // A moderator, on a phone-sized screen, finds the photo in the queue and approves it with A.
  const staffContext = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const staff = await staffContext.newPage();
  await loginAsNewStaff(staff, 'moderator');
  await staff.goto('/admin/photos');
  await expect(staff.getByRole('heading', { level: 1, name: 'Photo moderation' })).toBeVisible();
  await expect(staff.getByRole('status').filter({ hasText: /photos? waiting, the oldest for/ })).toBeVisible();
  await expect(staff.getByText('Keyboard shortcuts:')).toBeVisible();
  await expectNoAxeViolations(staff, { label: 'photo moderation queue' });
  // The grid fits the phone's width: nothing to scroll sideways.
  expect(
    await staff.evaluate(() => document.querySelector('section[aria-labelledby="photo-queue-title"]')!.scrollWidth),
  ).toBeLessThanOrEqual(375);

  let card = staff.getByRole('article', { name: /^Photo of Ottilie, / });
  // The queue is oldest first: earlier scenarios' photos may come first; page on until it shows.
  for (let page = 0; (await card.count()) === 0 && page < 20; page++) {
    await staff.getByRole('button', { name: 'Next photos' }).click();
    card = staff.getByRole('article', { name: /^Photo of Ottilie, / });
    await staff.waitForTimeout(200);
  }
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Photo of Ottilie' })).toHaveAttribute('src', photo!.thumb_url);
  await expect(card).toContainText('Hidden until approved');
  await card.focus();
  await staff.keyboard.press('a');
  await expect(staff.getByText('1 photo approved.')).toBeVisible();
  await expect(card).toBeHidden();

  // The other member's search now shows Ottilie with the photo (new profiles with a photo come first).
  await viewer.goto('/members');
  const result = viewer.locator('#search-results .profile-card').filter({ hasText: 'Ottilie' });
  await expect(result).toBeVisible();
  await expect(result.locator('img').first()).toHaveAttribute('src', photo!.thumb_url);
  // And the member sees it approved on their own profile.
  await member.reload();
  await expect(member.locator('#photo-list > li').first()).not.toContainText('Awaiting review');

  await Promise.all([memberContext.close(), viewerContext.close(), staffContext.close()]);
});
