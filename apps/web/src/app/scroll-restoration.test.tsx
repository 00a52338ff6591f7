/**
 * Scroll restoration (issue 29): a freshly opened page (the payment provider's return, a link from
 * outside) starts at the top even when an earlier page load left a position behind; Back returns
 * to the position of that history entry; a link to a new page starts at the top.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { RESTORING_SCROLL_ATTRIBUTE, ScrollRestoration } from './scroll-restoration';

/** The router's navigate function, handed to the test (a ref object, not a reassigned variable). */
const router: { navigate?: NavigateFunction } = {};
function NavigateProbe() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}
const navigate = (to: string | number) => (typeof to === 'number' ? router.navigate!(to) : router.navigate!(to));

let scrolledTo: number[] = [];
beforeEach(() => {
  scrolledTo = [];
  sessionStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrolledTo.push(options.top ?? 0);
    Object.defineProperty(window, 'scrollY', { value: options.top ?? 0, configurable: true });
  }) as typeof window.scrollTo);
});
afterEach(() => vi.restoreAllMocks());

function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}
/** The app opened at /members; the member then follows a link to /likes. */
function openAtMembersThenLikes() {
  render(
    <MemoryRouter initialEntries={['/members']}>
      <ScrollRestoration />
      <NavigateProbe />
    </MemoryRouter>,
  );
  act(() => navigate('/likes'));
}
const frame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('scroll restoration', () => {
  it('a freshly opened page ignores a position left under the shared fresh-entry key', () => {
    sessionStorage.setItem('scroll-positions', JSON.stringify([['default', 900]]));
    render(
      <MemoryRouter initialEntries={['/transactions/12']}>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(scrolledTo).not.toContain(900);
  });

  it('a link starts at the top; Back returns to where that entry was left', async () => {
    openAtMembersThenLikes();
    scrollBy(640);
    await frame();
    act(() => navigate('/credits'));
    expect(scrolledTo.at(-1)).toBe(0);
    act(() => navigate(-1));
    expect(scrolledTo.at(-1)).toBe(640);
  });

  it('cards lay out at their real height while Back restores a position, and may be skipped again after', async () => {
    const restoring = () => document.documentElement.hasAttribute(RESTORING_SCROLL_ATTRIBUTE);
    openAtMembersThenLikes();
    scrollBy(880);
    await frame();
    act(() => navigate('/members/7'));
    expect(restoring()).toBe(false);
    // The jump happens with the attribute set (the stylesheet lays every card out then)...
    let setWhileJumping: boolean | undefined;
    vi.mocked(window.scrollTo).mockImplementation(((options: ScrollToOptions) => {
      setWhileJumping = restoring();
      Object.defineProperty(window, 'scrollY', { value: options.top ?? 0, configurable: true });
    }) as typeof window.scrollTo);
    // Frames run by hand from here: each call runs what was asked for before it, as a browser does.
    const frameCallbacks: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frameCallbacks.push(callback));
    const runFrame = () => frameCallbacks.splice(0).forEach((callback) => callback(performance.now()));
    act(() => navigate(-1));
    expect(window.scrollY).toBe(880);
    expect(setWhileJumping).toBe(true);
    // ...and it stays through the next frame, in which the browser records the cards' real heights.
    runFrame();
    expect(restoring()).toBe(true);
    runFrame();
    expect(restoring()).toBe(false);
  });
});
