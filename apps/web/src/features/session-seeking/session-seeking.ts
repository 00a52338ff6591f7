/**
 * Whom a member looks for, kept by this browser tab when the server may not keep it (decision
 * 036): with the gender it reveals the orientation, special data stored only with the orientation
 * consent. A member who signed up without that consent still gets matches from their choice: the
 * signup form keeps it here (sessionStorage, gone when the tab closes) and the matching calls and
 * the default search send or use it. It is tied to the member's id, so another member logging in
 * in the same tab never inherits it. Tiny and zod-free: the signup, matching and search chunks
 * all import it.
 */
import type { Seeking } from '@cupido/shared/rules/matching';

export const SESSION_SEEKING_KEY = 'session-seeking';

const SEEKINGS: readonly Seeking[] = ['male', 'female', 'both'];

/** Keeps the choice for this tab's session. */
export function keepSessionSeeking(userId: number, seeking: Seeking): void {
  try {
    window.sessionStorage.setItem(SESSION_SEEKING_KEY, JSON.stringify({ user_id: userId, looking_for: seeking }));
  } catch {
    // Storage blocked: matching then follows what the server knows, as for a member who said nothing.
  }
}

/** Forgets it (the server keeps the choice now, or the member is gone). */
export function forgetSessionSeeking(): void {
  try {
    window.sessionStorage.removeItem(SESSION_SEEKING_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The member's kept choice, or null (none, another member's, or unreadable). */
export function sessionSeeking(userId: number | null | undefined): Seeking | null {
  if (userId === null || userId === undefined) return null;
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(SESSION_SEEKING_KEY) ?? 'null') as {
      user_id?: unknown;
      looking_for?: unknown;
    } | null;
    if (kept?.user_id !== userId) return null;
    return SEEKINGS.includes(kept.looking_for as Seeking) ? (kept.looking_for as Seeking) : null;
  } catch {
    return null;
  }
}

/** The query parameter the matching calls send: `looking_for` when a choice is kept, else nothing. */
export function seekingQuery(userId: number | null | undefined): Record<string, string> {
  const seeking = sessionSeeking(userId);
  return seeking ? { looking_for: seeking } : {};
}
