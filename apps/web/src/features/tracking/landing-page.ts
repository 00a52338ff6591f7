/**
 * The lander a visit came in by (issue 31, decision 052): a lander notes its path for this visit
 * (sessionStorage, like the visit's tracking), and signup sends it as `landing_page`, so the
 * traffic figures count signups per lander even when the visitor signs up on another page of
 * the visit. Only the path, never its query: it says which page, not who.
 * Not in the shell: the landers' and the signup form's chunks import it.
 */
import { cleanLandingPage } from '@cupido/shared/rules/tracking';
import { safeSessionStorage } from './ad-consent';

export const LANDING_PAGE_STORAGE_KEY = 'landing-page';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'> | null;

/** Notes the lander this visit is on; a later lander of the same visit replaces it (the one signed up from counts). */
export function rememberLandingPage(path: string, storage: Storage = safeSessionStorage()): void {
  const clean = cleanLandingPage(path);
  if (!clean) return;
  try {
    storage?.setItem(LANDING_PAGE_STORAGE_KEY, clean);
  } catch {
    // Storage blocked: the signup is simply not attributed to a lander.
  }
}

/** What signup sends: `{ landing_page }` when this visit came by a lander, else nothing. */
export function signupLandingPage(storage: Storage = safeSessionStorage()): { landing_page?: string } {
  try {
    const path = cleanLandingPage(storage?.getItem(LANDING_PAGE_STORAGE_KEY));
    return path ? { landing_page: path } : {};
  } catch {
    return {};
  }
}
