/**
 * Waiting and answer times as operators read them: the queue says "12 min" (the largest unit that
 * matters), the dashboard's answer times say "4 min 10 s". Key and values for the `operator`
 * catalogue's `wait` texts, so the screen's t() renders them.
 */
export type WaitText = { key: string; values: Record<string, number> };

/** A rough wait: seconds under a minute, else whole minutes, hours or days. */
export function roughWait(seconds: number): WaitText {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { key: 'wait.seconds', values: { count: s } };
  if (s < 3_600) return { key: 'wait.minutes', values: { count: Math.floor(s / 60) } };
  if (s < 86_400) return { key: 'wait.hours', values: { count: Math.floor(s / 3_600) } };
  return { key: 'wait.days', values: { count: Math.floor(s / 86_400) } };
}

/** A precise duration: "45 s", "4 min 10 s", "2 h 5 min". */
export function preciseWait(seconds: number): WaitText {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return { key: 'wait.seconds', values: { count: s } };
  if (s < 3_600) return { key: 'wait.min_s', values: { minutes: Math.floor(s / 60), seconds: s % 60 } };
  return { key: 'wait.h_min', values: { hours: Math.floor(s / 3_600), minutes: Math.floor((s % 3_600) / 60) } };
}
