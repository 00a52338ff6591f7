import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { TIME_BONUS_MODAL_DELAY_MS, TIME_BONUS_SECONDS, timeBonusHoursLeft } from '@cupido/shared/rules/welcome-offer';
import type { TDiscountCode } from '@cupido/shared/contracts/payments';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { apiError, sentQueries, type StubAnswer } from '../../test/api-stub';
import { stubPaymentApi } from '../premium/test/payments-test-kit';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { TimeBonusLauncher } from './time-bonus-launcher';
import { modalDismissedKey, secondsLeft } from './time-bonus-clock';

const welcome = (expires: string | null = null): TDiscountCode => ({
  code: 'TIMEBONUS25',
  country: null,
  user_id: 7,
  expires,
  value_percentage: 25,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'once-per-user',
  expired: false,
  paymentmethods: [],
});

/**
 * A member who confirmed the e-mail `ago` seconds before now (the offer's clock starts there,
 * issue 29); signed up a day earlier, so a clock started at signup would already be over.
 */
const memberSignedUp = (ago: number, overrides: Partial<TUser> = {}) =>
  makeUser({
    signup_date: new Date(Date.now() - 86_400_000).toISOString(),
    activated_at: new Date(Date.now() - ago * 1000).toISOString(),
    ...overrides,
  });

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const banner = () => document.getElementById('time-bonus-banner');
const timeLeft = () => document.getElementById('time-bonus-time-left')?.textContent;
const modal = () => document.getElementById('time-bonus-modal');

beforeAll(async () => {
  // The chunks, loaded once with real timers, so the fake clock below decides only when they show.
  await Promise.all([import('./time-bonus'), import('./time-bonus-modal'), import('react-bootstrap/Modal')]);
});

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

/** Answers of the stubbed calls that their contract refuses (stubPaymentApi). */
let stubProblems: string[] = [];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  expect(stubProblems).toEqual([]);
  stubProblems = [];
});

function renderLauncher(user: TUser, route = '/members', answer: StubAnswer = { body: welcome() }) {
  // The session refreshes itself after 5 s (the modal's tests wait 40 s): it answers the same member.
  const { api, problems } = stubPaymentApi({ 'GET /api/discountcode.php': answer, 'GET /api/user.php': { body: { user } } });
  stubProblems = problems;
  const startedAt = Date.now();
  const view = renderWithProviders(<TimeBonusLauncher />, { user, route });
  /** Milliseconds on the fake clock since the member entered (vi.waitFor moves it on too). */
  const elapsed = () => Date.now() - startedAt;
  return { api, elapsed, ...view };
}

describe('the time bonus clock', () => {
  it("runs 14400 s from activation: 14400 left at 0 s, 1 at 14399 s, none at 14400 s nor before activation; never past the code's expiry", () => {
    const signup = '2026-01-01T10:00:00.000Z';
    expect(secondsLeft(welcome(), null, Date.parse(signup))).toBe(0);
    expect([14_400, 14_399, 10_801, 10_800, 3_601, 3_600, 1, 0].map(timeBonusHoursLeft)).toEqual([4, 4, 4, 3, 2, 1, 1, 0]);
    const at = (seconds: number) => Date.parse(signup) + seconds * 1000;
    expect(secondsLeft(welcome(), signup, at(0))).toBe(14_400);
    expect(secondsLeft(welcome(), signup, at(14_399))).toBe(1);
    expect(secondsLeft(welcome(), signup, at(14_400))).toBe(0);
    expect(secondsLeft(welcome('2026-01-01T11:00:00.000Z'), signup, at(0))).toBe(3_600);
    expect(secondsLeft({ ...welcome(), expired: true }, signup, at(0))).toBe(0);
    expect(secondsLeft(null, signup, at(0))).toBe(0);
  });
});

describe('the time bonus banner', () => {
  it('asks for the welcome discount, names the hours left in whole hours and clears at 0', async () => {
    const { api } = renderLauncher(memberSignedUp(TIME_BONUS_SECONDS - 3));
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    expect(sentQueries(api, 'GET /api/discountcode.php')).toEqual([{ welcome: 'true' }]);
    expect(banner()!.textContent).toContain('25% off your first credits');
    expect(timeLeft()).toBe('Only 1 hour to claim');
    expect(screen.getByRole('link', { name: 'Claim your discount' }).getAttribute('href')).toBe('/credits');

    await advance(2_000);
    expect(timeLeft()).toBe('Only 1 hour to claim');
    await advance(1_000);
    expect(banner()).toBeNull();
    // It stays gone.
    await advance(5_000);
    expect(banner()).toBeNull();
  });

  it('says "Only 4 hours to claim" just after activation and 3 hours once an hour has passed, never seconds', async () => {
    renderLauncher(memberSignedUp(1));
    await vi.waitFor(() => expect(timeLeft()).toBe('Only 4 hours to claim'));
    await advance(3_600_000);
    expect(timeLeft()).toBe('Only 3 hours to claim');
  });

  it('is not there before the e-mail is confirmed (no countdown, nothing asked)', async () => {
    const waiting = renderLauncher(
      makeUser({ status: 'not_confirmed', activated_at: null, signup_date: new Date(Date.now() - 60_000).toISOString() }),
    );
    await advance(2_000);
    expect(banner()).toBeNull();
    expect(sentQueries(waiting.api, 'GET /api/discountcode.php')).toEqual([]);
  });

  it('is not there for a paying member, nor 4 hours after activation (nothing is even asked)', async () => {
    const paid = renderLauncher(memberSignedUp(60, { paid_user: true }));
    await advance(2_000);
    expect(banner()).toBeNull();
    expect(sentQueries(paid.api, 'GET /api/discountcode.php')).toEqual([]);
    paid.unmount();

    // Activated more than 4 hours before the app started: the launcher does not even load the chunk.
    const late = renderLauncher(memberSignedUp(TIME_BONUS_SECONDS + 3_600));
    await advance(2_000);
    expect(banner()).toBeNull();
    expect(sentQueries(late.api, 'GET /api/discountcode.php')).toEqual([]);
  });

  it('ignores a failed welcome discount call: no banner, no modal, no error', async () => {
    const { api } = renderLauncher(memberSignedUp(60), '/members', apiError(404, 'code_not_found', 'Code not found', 'code'));
    await vi.waitFor(() => expect(sentQueries(api, 'GET /api/discountcode.php')).toHaveLength(1));
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    expect(banner()).toBeNull();
    expect(modal()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears when the member becomes a paying member or logs out', async () => {
    const user = memberSignedUp(60);
    const { queryClient } = renderLauncher(user);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    act(() => queryClient.setQueryData(['session'], { ...user, paid_user: true }));
    await advance(0);
    expect(banner()).toBeNull();
    act(() => queryClient.setQueryData(['session'], user));
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    act(() => queryClient.setQueryData(['session'], null));
    await advance(0);
    expect(banner()).toBeNull();
  });
});

describe('the time bonus modal', () => {
  it('appears 40 s after entering with 0 credits, says 25% and 4 hours, links to /credits; closing it is remembered', async () => {
    const user = memberSignedUp(60);
    const first = renderLauncher(user);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    await advance(TIME_BONUS_MODAL_DELAY_MS - first.elapsed() - 100);
    expect(modal()).toBeNull();
    await advance(100);
    await vi.waitFor(() => expect(modal()).not.toBeNull());
    const dialog = screen.getByRole('dialog', { name: '25% welcome discount' });
    expect(dialog.textContent).toContain('only within 4 hours of confirming your e-mail address');
    // The seconds clock is the modal's (the bar names whole hours).
    expect(document.getElementById('time-bonus-modal-time-left')?.textContent).toMatch(/^Time left: 3:5\d:\d\d$/);
    expect(screen.getByRole('link', { name: 'Get 25% off now' }).getAttribute('href')).toBe('/credits');

    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await vi.waitFor(() => expect(modal()).toBeNull());
    expect(window.localStorage.getItem(modalDismissedKey(user.id))).not.toBeNull();
    first.unmount();

    // Entering again: the banner still counts, the modal stays away.
    renderLauncher(user);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    await advance(TIME_BONUS_MODAL_DELAY_MS + 1_000);
    expect(modal()).toBeNull();
  });

  it('"Not now" closes and remembers it too', async () => {
    const user = memberSignedUp(60);
    renderLauncher(user);
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    await vi.waitFor(() => expect(modal()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await vi.waitFor(() => expect(modal()).toBeNull());
    expect(window.localStorage.getItem(modalDismissedKey(user.id))).not.toBeNull();
  });

  it('does not appear for a member with credits; on the credits and payment pages neither the modal nor the bar', async () => {
    const withCredits = renderLauncher(memberSignedUp(60, { credits: 20 }));
    await advance(TIME_BONUS_MODAL_DELAY_MS + 1_000);
    expect(banner()).not.toBeNull();
    expect(modal()).toBeNull();
    withCredits.unmount();

    for (const route of ['/credits', '/transactions/12']) {
      const buying = renderLauncher(memberSignedUp(60), route);
      await advance(TIME_BONUS_MODAL_DELAY_MS + 1_000);
      expect(banner(), route).toBeNull();
      expect(modal(), route).toBeNull();
      buying.unmount();
    }
  });

  it('does not appear once the bonus is over', async () => {
    renderLauncher(memberSignedUp(TIME_BONUS_SECONDS - 10));
    await advance(TIME_BONUS_MODAL_DELAY_MS + 1_000);
    expect(banner()).toBeNull();
    expect(modal()).toBeNull();
  });
});
