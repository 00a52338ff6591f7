import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeMemberAnswer, referenceDataStubs } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import MemberPage from '../profiles/member/member-page';
import { ProfileChatActionsProvider } from '../../app/profile-chat-actions';
import { PACKAGES_STUB, storedAnswer } from './test/conversation-test-kit';
import { getOutbox } from './outbox';

afterEach(() => {
  getOutbox().clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function renderProfile(send: StubAnswer | ((body: unknown) => StubAnswer), credits = 60) {
  const fetch = stubApi({
    ...referenceDataStubs,
    'GET /api/member.php': { body: makeMemberAnswer() },
    'GET /api/credit-packages.php': PACKAGES_STUB,
    'POST /api/message.php': send,
  });
  renderWithProviders(
    <ProfileChatActionsProvider>
      <Routes>
        <Route path="/members/:id" element={<MemberPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </ProfileChatActionsProvider>,
    { user: makeUser({ credits }), route: '/members/42' },
  );
  return fetch;
}

describe('the profile page’s Message and Gift actions', () => {
  it('Send a message leads to the conversation with the member', async () => {
    renderProfile({ status: 500 });
    await userEvent.click(await screen.findByRole('link', { name: 'Send a message' }));
    expect(currentLocation()).toBe('/members/42/chat');
  });

  it('Send a gift opens the picker and sends the chosen gift; the dialog says it is on its way, with the way to the chat', async () => {
    const fetch = renderProfile((body) => storedAnswer(31, body, 35));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Bram a gift' });
    expect(await within(dialog).findByText('A gift costs 25 credits (from £0.88).')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rose' }));
    expect(within(dialog).getByRole('button', { name: 'Rose' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Rose' }));
    expect(await within(dialog).findByText('Your gift (Rose) is on its way to Bram.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/message.php')).toEqual([{ profile_id: 42, client_id: expect.any(String), gift: 'rose' }]);
    expect(within(dialog).getByRole('link', { name: 'Go to the chat' }).getAttribute('href')).toBe('/chats/5');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('below the price the picker says what is missing before sending, with Buy credits, and sends nothing', async () => {
    const fetch = renderProfile(apiError(402, 'insufficient_credits', 'Not enough credits'), 20);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Bram a gift' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kiss' }));
    expect(within(dialog).getByText('You need 5 more credits to send this.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    const send = within(dialog).getByRole('button', { name: 'Send Kiss' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.click(send);
    expect(sentBodies(fetch, 'POST /api/message.php')).toEqual([]);
  });

  it('a 402 all the same (the balance spent elsewhere) says so, with Buy credits', async () => {
    renderProfile(apiError(402, 'insufficient_credits', 'Not enough credits'), 60);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Bram a gift' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kiss' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Kiss' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain("You don't have enough credits to send this. Buy credits to keep chatting.");
    expect(alert.textContent).not.toContain('stays in the box'); // nothing was typed
    expect(within(alert).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    expect(getOutbox().getSnapshot()).toEqual([]);
  });
});
