/**
 * What an e-mail address is (spec section 5), in a module of its own: the shell's tracking capture
 * (shared/rules/tracking.ts) checks an address with it, and a module lives in one chunk, so importing all
 * of rules/accounts there would move every account rule into the first download.
 */

export const EMAIL_MAX_LENGTH = 254;

/** Deliberately simple: one @, a dot in the domain, no spaces. Deliverability is the mail's job. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
