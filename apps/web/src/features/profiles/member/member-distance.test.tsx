import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { TMemberAnswer } from '@cupido/shared/contracts/profiles';
import { stubApi } from '../../../test/api-stub';
import { makeCard, makeMemberAnswer, referenceDataStubs } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders, userFixture } from '../../../test/render-with-providers';
import MemberPage from './member-page';

// Issue 28: the profile page says how far away the member is and whether they are active.
async function renderMember(answer: TMemberAnswer, user: TUser = makeUser()) {
  stubApi({ ...referenceDataStubs, 'GET /api/member.php': { body: answer } });
  renderWithProviders(
    <Routes>
      <Route path="/members/:id" element={<MemberPage />} />
    </Routes>,
    { user, route: '/members/42' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Bram, 41' });
}

const line = () => document.getElementById('member-distance-activity');

afterEach(() => vi.restoreAllMocks());

describe('profile page: distance and activity', () => {
  it('says how far away in km and marks the member online, in words', async () => {
    await renderMember(makeMemberAnswer({ distance_km: 12, activity: 'online' }));
    expect(await screen.findByText('about 12 km away')).toBeTruthy();
    const mark = within(line()!).getByText('Online now');
    expect(mark.querySelector('[aria-hidden="true"]')).toBeTruthy();
    // Right under the place, in the header.
    expect(document.getElementById('member-place')!.nextElementSibling).toBe(line());
  });

  it('says it in miles to a member in the UK, and marks a member active today', async () => {
    await renderMember(
      makeMemberAnswer({ distance_km: 13, activity: 'today' }),
      makeUser({ profile: { ...userFixture.profile, country: 'GB' } }),
    );
    expect(await screen.findByText('about 8 miles away')).toBeTruthy();
    expect(within(line()!).getByText('Active today')).toBeTruthy();
  });

  it('says nothing when the server gives neither', async () => {
    await renderMember(makeMemberAnswer());
    expect(line()).toBeNull();
    expect(document.getElementById('member-profile')!.textContent).not.toMatch(/away|Online now|Active today/);
  });

  it('shows the distance on the related profiles too', async () => {
    await renderMember(makeMemberAnswer({}, [makeCard(5, { distance_km: 30 }), makeCard(6)]));
    const related = document.getElementById('member-related')!;
    expect(await within(related).findByText('about 30 km away')).toBeTruthy();
    expect(within(related).getAllByText(/away/)).toHaveLength(1);
  });
});
