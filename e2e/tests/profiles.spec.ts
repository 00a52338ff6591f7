import { expect, test, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, photoFile, signupOnSite, signupThroughApi, siteOrigin, skipEntryWarning } from '../support/members';

/** The names on the result cards, in order. */
const cardNames = (page: Page, list = '#search-results') => page.locator(`${list} .profile-card__name`).allTextContents();

test.describe('own profile', () => {
  test('fill in the profile, save it and find it again after a reload', async ({ page }) => {
    await skipEntryWarning(page);
    const id = await signupThroughApi(page.request, newEmail('profile'));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Sexual orientation').selectOption('bi');
    await expect(page.getByLabel('Region')).toBeVisible(); // GB calls its regions 'region'
    await page.getByLabel('Region').selectOption({ label: 'Leeds' });
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Hair colour').selectOption('red');
    await page.getByLabel('Eye colour').selectOption('green');
    await page.getByLabel('Body type').selectOption('athletic');
    await page.getByLabel('Relationship status').selectOption('single');
    await page.getByLabel('Tattoos').selectOption('some');
    await page.getByLabel('I am here for').selectOption('dating');
    await page.locator('label', { hasText: 'Music' }).click();
    await page.locator('label', { hasText: 'Travelling' }).click();
    await page.getByLabel('About me').fill('Walks on the moors, then a curry.');
    await page.locator('#profile-submit').click();
    await expect(page.locator('#profile-saved')).toHaveText('Your profile has been saved.');

    await page.reload();
    await expect(page.getByLabel('Gender')).toHaveValue('female');
    await expect(page.getByLabel('Sexual orientation')).toHaveValue('bi');
    await expect(page.getByLabel('Region')).toHaveValue('LDS');
    await expect(page.getByLabel('City')).toHaveValue('Leeds');
    await expect(page.getByLabel('Hair colour')).toHaveValue('red');
    await expect(page.getByLabel('Tattoos')).toHaveValue('some');
    await expect(page.getByLabel('I am here for')).toHaveValue('dating');
    await expect(page.getByLabel('Music')).toBeChecked();
    await expect(page.getByLabel('Travelling')).toBeChecked();
    await expect(page.getByLabel('Cooking')).not.toBeChecked();
    await expect(page.getByLabel('About me')).toHaveValue('Walks on the moors, then a curry.');

    // As others see it: the site's highlight items and notes, translated.
    await page.locator('#profile-view-own').click();
    await expect(page).toHaveURL(new RegExp(`/members/${id}$`));
    await expect(page.locator('#member-highlights')).toContainText('Leeds');
    await expect(page.locator('#member-highlights')).toContainText('Athletic');
    await expect(page.locator('#member-notes')).toContainText('Dating');
    await expect(page.locator('#member-interests')).toContainText('Music');
  });

  test('the username may not be the e-mail address', async ({ page }) => {
    await skipEntryWarning(page);
    const email = newEmail('refused');
    await signupThroughApi(page.request, email);
    await page.goto('/profile');
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('City').focus();
    await expect(page.locator('#profile-name-error')).toHaveText('Your username may not be your e-mail address');
    await page.locator('#profile-submit').click();
    await expect(page.getByLabel('Username')).toBeFocused();
    await expect(page.locator('#profile-saved')).toHaveCount(0);
  });

  test('invisible mode takes effect at once and hides the member from others', async ({ browser }) => {
    const owner = await browser.newContext();
    const email = newEmail('invisible');
    const id = await signupThroughApi(owner.request, email, 'Zora');
    await activateThroughMail(owner.request, email);
    const other = await browser.newContext();
    await signupThroughApi(other.request, newEmail('seeker'));
    const viewer = await other.newPage();
    await skipEntryWarning(viewer);
    await viewer.goto(`/members/${id}`);
    await expect(viewer.getByRole('heading', { level: 1 })).toHaveText(/^Zora, \d+$/);

    const page = await owner.newPage();
    await skipEntryWarning(page);
    await page.goto('/profile');
    await expect(page.locator('#invisible-explanation')).toContainText('you are hidden from search');
    await page.getByRole('switch', { name: 'Invisible mode' }).check();
    await expect(page.locator('#invisible-state')).toHaveText('Invisible mode is on: you are hidden from search.');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Invisible mode' })).toBeChecked();

    // Without earlier contact, the other member can no longer find the profile.
    await viewer.reload();
    await expect(viewer.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
    await owner.close();
    await other.close();
  });
});

test.describe('geolocation', () => {
  test('the button fills in country, region and city from a faked position (London)', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: siteOrigin() });
    await context.setGeolocation({ latitude: 51.507, longitude: -0.128 });
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('geo'));
    await page.goto('/profile');
    await expect(page.locator('#geolocation')).toHaveAttribute('data-permission', 'granted');
    await page.locator('#geolocation-button').click();
    await expect(page.locator('#geolocation-result')).toHaveText(
      'We filled in your location: London, United Kingdom. Save your profile to keep it.',
    );
    await expect(page.getByLabel('Country')).toHaveValue('GB');
    await expect(page.getByLabel('Region')).toHaveValue('LND');
    await expect(page.getByLabel('City')).toHaveValue('London');
    await page.locator('#profile-submit').click();
    await expect(page.locator('#profile-saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('London');
    await expect(page.getByLabel('Region')).toHaveValue('LND');
  });

  test('on the Dutch site, Amsterdam fills in Noord-Holland, in Dutch', async ({ page, context }) => {
    const origin = siteOrigin('nl.localhost');
    await context.grantPermissions(['geolocation'], { origin });
    await context.setGeolocation({ latitude: 52.37, longitude: 4.89 });
    await skipEntryWarning(page);
    await signupOnSite(page, 'nl.localhost', newEmail('geo-nl'), 'Sanne');
    await page.goto(`${origin}/profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();
    await page.locator('#geolocation-button').click();
    await expect(page.locator('#geolocation-result')).toHaveText(
      'We hebben je locatie ingevuld: Amsterdam, Nederland. Sla je profiel op om die te bewaren.',
    );
    await expect(page.getByLabel('Land', { exact: true })).toHaveValue('NL');
    await expect(page.getByLabel('Provincie')).toHaveValue('NH');
    await expect(page.getByLabel('Woonplaats')).toHaveValue('Amsterdam');
  });

  test('a refused permission shows the error state', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('geo-denied'));
    await page.goto('/profile');
    // No permission granted: headless Chromium refuses without asking.
    await page.locator('#geolocation-button').click();
    await expect(page.locator('#geolocation')).toHaveAttribute('data-state', 'error');
    await expect(page.locator('#geolocation-error')).toContainText('You did not allow us to use your location.');
    await expect(page.getByLabel('City')).toHaveValue('');
  });
});

test.describe('photos', () => {
  test('upload photos, see their thumbnails, hit the free limit on the fourth, delete one', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('photos'));
    await page.goto('/profile');
    await expect(page.locator('#photo-count')).toHaveText('0 of 3 photos');

    await page.locator('#photo-input').setInputFiles(await photoFile('first.png'));
    await expect(page.locator('#photo-list > li')).toHaveCount(1);
    const thumbnail = page.getByAltText('Your photo 1');
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96); // the whole photo, not the square thumbnail
    await expect(page.locator('#photo-list > li').first()).toContainText('Awaiting review');
    await expect(page.locator('#photo-list > li').first()).toContainText('Main photo');
    await expect(page.locator('#photo-notice')).toHaveText('1 photo uploaded.');

    // Two at once: uploaded one after the other.
    await page.locator('#photo-input').setInputFiles([await photoFile('second.png'), await photoFile('third.png')]);
    await expect(page.locator('#photo-list > li')).toHaveCount(3);
    await expect(page.locator('#photo-count')).toHaveText('3 of 3 photos');
    await expect(page.locator('#photo-limit-reached')).toHaveText('You have reached your limit of 3 photos.');

    await page.locator('#photo-input').setInputFiles(await photoFile('fourth.png'));
    await expect(page.locator('#photo-error')).toContainText(
      'You can have at most 3 photos. Delete one first, or get Premium to have up to 25 photos.',
    );
    await expect(page.locator('#photo-error').getByRole('link', { name: 'Get Premium' })).toBeVisible();
    await expect(page.locator('#photo-list > li')).toHaveCount(3);

    await page.getByRole('button', { name: 'Make main photo' }).first().click();
    await expect(page.locator('#photo-list > li').nth(1)).toContainText('Main photo');
    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.locator('#photo-notice')).toHaveText('Picture deleted');
    await expect(page.locator('#photo-list > li')).toHaveCount(2);
    await page.reload();
    await expect(page.locator('#photo-count')).toHaveText('2 of 3 photos');
  });

  test('a file that is not a photo is refused with a clear message', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('not-a-photo'));
    await page.goto('/profile');
    await page
      .locator('#photo-input')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not pixels') });
    await expect(page.locator('#photo-error')).toContainText('not a photo we can read');
    await expect(page.locator('#photo-list')).toHaveCount(0);
  });
});

test.describe('search', () => {
  test('search with filters, kept in the URL, and page through the results', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('search'));
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
    await expect(page.locator('#search-results .profile-card')).toHaveCount(20);

    await page.getByLabel('Looking for').selectOption('female');
    await page.getByLabel('Age from').selectOption('25');
    await page.getByLabel('Age to').selectOption('60');
    // The new search's answer, so the check below cannot run before the app has started it (the
    // address changes first; until React renders the change the old results are not busy yet).
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/search.php' && new URL(response.url()).searchParams.get('gender') === 'female',
    );
    await page.locator('#search-submit').click();
    await expect(page).toHaveURL(/\/members\?gender=female&min_age=25&max_age=60$/);
    await searched;
    // The member's default search stays on screen (aria-busy) until the new one answers.
    await expect(page.locator('section[aria-labelledby="search-results-title"]')).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('#search-count')).toHaveText(/^Members found: \d+$/);
    const found = Number((await page.locator('#search-count').textContent())!.replace(/\D/g, ''));
    expect(found).toBeGreaterThan(20);
    const firstPage = await cardNames(page);
    expect(firstPage).toHaveLength(20);
    for (const name of firstPage) {
      const age = Number(name.split(', ').at(-1));
      expect(age).toBeGreaterThanOrEqual(25);
      expect(age).toBeLessThanOrEqual(60);
    }

    await page.locator('#search-next').click();
    await expect(page).toHaveURL(/\/members\?gender=female&min_age=25&max_age=60&page=2$/);
    await expect(page.locator('#search-page')).toHaveText(`Page 2 of ${Math.ceil(found / 20)}`);
    await expect.poll(() => cardNames(page)).not.toEqual(firstPage);
    const secondPage = await cardNames(page);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    // The URL is the state: a reload shows the same page and filters; Back goes to page 1.
    await page.reload();
    await expect(page.getByLabel('Looking for')).toHaveValue('female');
    await expect.poll(() => cardNames(page)).toEqual(secondPage);
    await page.goBack();
    await expect(page).toHaveURL(/min_age=25&max_age=60$/);
    await expect.poll(() => cardNames(page)).toEqual(firstPage);

    // A country and one of its regions; similar profiles when few match.
    await page.getByLabel('Country').selectOption('GB');
    await page.getByLabel('Region').selectOption({ label: 'Leeds' });
    await page.locator('#search-submit').click();
    await expect(page).toHaveURL(/country=GB&countryregion=LDS/);
    await expect(page.locator('#search-similar-title')).toHaveText(/^Similar profiles: \d+$/);
  });

  test('a visitor may search the English demo site, which allows logged-out search', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto('/members');
    await expect(page.locator('#members-visitor')).toBeVisible();
    await expect(page.locator('#search-results .profile-card')).toHaveCount(20);
  });

  test('a visitor of the Dutch demo site logs in first', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto(`${siteOrigin('nl.localhost')}/members`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers$/);
  });
});

test.describe('profile page', () => {
  test('open a profile from the search, with its fictional mark, photo viewer and related profiles', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('viewer'));
    await page.goto('/members');
    const fictionalCard = page
      .locator('#search-results .profile-card')
      .filter({ has: page.locator('.fictional-badge') })
      .first();
    await expect(fictionalCard).toBeVisible();
    await fictionalCard.click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.locator('#member-fictional-warning')).toContainText('Some profiles on this site are fictional');
    await expect(page.locator('#member-fictional-badge')).toContainText('Fictional profile');
    // The page's title and description name the profile, and the description discloses it too.
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.split(',')[0]!.trim();
    await expect(page).toHaveTitle(`${name} | Cupido`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^Fictional profile: ${name}, \\d+\\. See the photos and profile on Cupido\\.$`),
    );
    // One photo, or five on every fifth demo profile.
    await expect(page.locator('#member-photo-count')).toHaveText(/^(1|5) in total$/);
    await page.getByRole('button', { name: /^Open photo 1 of \d$/ }).click();
    await expect(page.locator('#photo-viewer-image')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#photo-viewer')).toHaveCount(0);
    await expect(page.locator('#member-related .profile-card').first()).toBeVisible();
  });

  test('locked photos carry a lock and the way to Premium', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('locked'));
    // Every fifth demo profile has five approved photos; a free member sees three of them.
    let id: number | undefined;
    for (let pageNumber = 1; !id && pageNumber <= 3; pageNumber++) {
      const search = await (await page.request.get(`/api/search.php?page=${pageNumber}`)).json();
      for (const card of search.profiles as { id: number }[]) {
        const member = await (await page.request.get(`/api/member.php?id=${card.id}`)).json();
        if (member.profile.photo_count === 5) {
          id = card.id;
          break;
        }
      }
    }
    expect(id, 'a demo profile with five photos').toBeDefined();
    await page.goto(`/members/${id}`);
    await expect(page.locator('.member-photo-locked')).toHaveCount(2);
    await expect(page.locator('#member-photo-count')).toHaveText('5 in total');
    await expect(page.locator('#member-locked')).toHaveText('Locked photos: 2. Get Premium to see all photos');
    await expect(page.getByRole('link', { name: 'Get Premium to see all photos' })).toHaveAttribute('href', '/premium');
    // The locked ones cannot be opened: only the three free photos have a viewer button.
    await expect(page.getByRole('button', { name: /^Open photo \d of 3$/ })).toHaveCount(3);
  });

  test('block a member: the blocked member sees the no-access text; unblock gives access back', async ({ browser }) => {
    const blockerContext = await browser.newContext();
    const blockedContext = await browser.newContext();
    const blockerEmail = newEmail('blocker');
    const blockedEmail = newEmail('blocked');
    const blockerId = await signupThroughApi(blockerContext.request, blockerEmail, 'Iris');
    const blockedId = await signupThroughApi(blockedContext.request, blockedEmail, 'Tom');
    await activateThroughMail(blockerContext.request, blockerEmail);
    await activateThroughMail(blockedContext.request, blockedEmail);
    const blocker = await blockerContext.newPage();
    const blocked = await blockedContext.newPage();
    await skipEntryWarning(blocker);
    await skipEntryWarning(blocked);

    await blocked.goto(`/members/${blockerId}`);
    await expect(blocked.getByRole('heading', { level: 1 })).toHaveText(/^Iris, \d+$/);

    await blocker.goto(`/members/${blockedId}`);
    await blocker.locator('#member-block').click();
    await expect(blocker.locator('#block-confirm')).toContainText('Block Tom?');
    await blocker.locator('#block-confirm-submit').click();
    await expect(blocker.locator('#member-blocked-notice')).toHaveText('You have blocked Tom. Tom cannot see your profile or contact you.');
    await expect(blocker.locator('#member-unblock')).toBeVisible();

    await blocked.reload();
    await expect(blocked.getByRole('heading', { level: 1, name: 'Profile not available' })).toBeVisible();
    await expect(blocked.locator('#no-access-text')).toHaveText('You have no access to this profile.');

    await blocker.locator('#member-unblock').click();
    await expect(blocker.locator('#member-block')).toBeVisible();
    await blocked.reload();
    await expect(blocked.getByRole('heading', { level: 1 })).toHaveText(/^Iris, \d+$/);
    await blockerContext.close();
    await blockedContext.close();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('profile, search and a profile page fit the screen', async ({ page }) => {
    await skipEntryWarning(page);
    await signupThroughApi(page.request, newEmail('phone'));
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto('/profile');
    await expect(page.locator('#profile-form')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/members');
    await expect(page.locator('#search-results .profile-card')).toHaveCount(20);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.locator('#search-results .profile-card').first().click();
    await expect(page.locator('#member-profile')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
