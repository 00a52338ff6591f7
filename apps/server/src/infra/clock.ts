/**
 * The one source of "now" for rules that depend on time (token expiry, lockouts, the 14-day
 * deletion window). Tests pass a clock they can move forward instead of waiting.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock tests can set and advance. */
export function manualClock(start = new Date('2026-01-15T12:00:00Z')) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = Object.assign(() => new Date(now), {
    advance(ms: number) {
      now += ms;
    },
    set(date: Date) {
      now = date.getTime();
    },
  });
  return clock;
}
