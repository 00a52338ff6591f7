import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR_THROTTLE_MS } from '@cupido/shared/rules/constants';
import { createLoadingTracker } from '../platform/loading-tracker';
import { LoadingBar } from './loading-bar';

describe('loading bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not flash for requests faster than the throttle', () => {
    const tracker = createLoadingTracker();
    render(<LoadingBar tracker={tracker} />);
    act(() => tracker.start());
    act(() => vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 1));
    act(() => tracker.end());
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
  });

  it('appears after 200 ms while something is pending and hides when all are done', () => {
    const tracker = createLoadingTracker();
    render(<LoadingBar tracker={tracker} />);
    act(() => {
      tracker.start();
      tracker.start();
    });
    act(() => vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 1));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    // Inside a landmark, so axe's region rule holds on any page while a request is pending.
    const bar = screen.getByRole('progressbar');
    const landmark = screen.getByRole('region', { name: bar.getAttribute('aria-label')! });
    expect(landmark.contains(bar)).toBe(true);
    expect(screen.getByTestId('loading-bar').firstElementChild!.getAttribute('style')).toContain('5000ms');
    act(() => tracker.end());
    expect(screen.queryByTestId('loading-bar')).not.toBeNull();
    act(() => tracker.end());
    expect(screen.queryByTestId('loading-bar')).toBeNull();
  });
});
