/** The browser's time zone: the member's day (and so the Likes countdown) is their own (spec section 9). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
