import { describe, expect, it } from 'vitest';
import { chatTimeLabel } from './chat-time';

// Local times: the list shows the browser's time zone.
const now = new Date(2026, 10, 24, 15, 30);
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('time of the last message', () => {
  it('today the time, then yesterday, the weekday, the day and month, the date', () => {
    expect(chatTimeLabel(at(2026, 10, 24, 9, 5), 'en-GB', now).short).toBe('09:05');
    expect(chatTimeLabel(at(2026, 10, 23, 23, 59), 'en', now).short).toBe('Yesterday');
    expect(chatTimeLabel(at(2026, 10, 20, 12, 0), 'en', now).short).toBe('Fri');
    expect(chatTimeLabel(at(2026, 2, 3, 12, 0), 'en-GB', now).short).toBe('3 Mar');
    expect(chatTimeLabel(at(2025, 2, 3, 12, 0), 'en-GB', now).short).toBe('03/03/2025');
  });

  it('in the member’s language', () => {
    expect(chatTimeLabel(at(2026, 10, 23, 8, 0), 'nl', now).short).toBe('Gisteren');
    expect(chatTimeLabel(at(2026, 10, 23, 8, 0), 'de', now).short).toBe('Gestern');
    expect(chatTimeLabel(at(2026, 10, 23, 8, 0), 'pl', now).short).toBe('Wczoraj');
    expect(chatTimeLabel(at(2026, 10, 20, 8, 0), 'fr', now).short).toBe('Ven.');
    expect(chatTimeLabel(at(2026, 10, 24, 9, 5), 'de', now).full).toBe('24.11.2026, 09:05');
  });
});
