/**
 * The visitor's choice about ad tracking (decision 024), kept in this browser: 'accepted' lets
 * tracking parameters be kept across visits and sent with signup; 'rejected' (or no choice yet)
 * keeps them for the current visit only, for the signup gate. Storing the choice itself is
 * necessary to honour it, so it needs no consent.
 */
export type AdConsentChoice = 'accepted' | 'rejected';

export const AD_CONSENT_STORAGE_KEY = 'ad-tracking-consent';

/** When storage is blocked, the choice holds for this page's life at least. */
let choiceInMemory: AdConsentChoice | null = null;
const listeners = new Set<() => void>();

export function readAdConsent(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): AdConsentChoice | null {
  try {
    const parsed = JSON.parse(storage?.getItem(AD_CONSENT_STORAGE_KEY) ?? 'null') as { choice?: unknown } | null;
    if (parsed?.choice === 'accepted' || parsed?.choice === 'rejected') return parsed.choice;
  } catch {
    // Garbage: as if no choice was made.
  }
  return choiceInMemory;
}

/** Stores the choice with its time and tells every subscriber (the banner, the settings). */
export function writeAdConsent(
  choice: AdConsentChoice,
  storage: Pick<Storage, 'setItem'> | null = safeLocalStorage(),
  now = new Date(),
): void {
  choiceInMemory = choice;
  try {
    storage?.setItem(AD_CONSENT_STORAGE_KEY, JSON.stringify({ choice, at: now.toISOString() }));
  } catch {
    // Blocked storage: the in-memory choice holds until the page closes.
  }
  for (const listener of listeners) listener();
}

/** Forgets the choice, so the banner asks again (the visitor wants to change it). */
export function forgetAdConsent(storage: Pick<Storage, 'removeItem'> | null = safeLocalStorage()): void {
  choiceInMemory = null;
  try {
    storage?.removeItem(AD_CONSENT_STORAGE_KEY);
  } catch {
    // Blocked storage held no choice.
  }
  for (const listener of listeners) listener();
}

export function subscribeAdConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget the in-memory choice. */
export function resetAdConsentMemory(): void {
  choiceInMemory = null;
}

export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
