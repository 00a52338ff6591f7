import { dateTimeFormat, relativeTimeFormat } from '../../i18n/intl-formats';

/**
 * The time of a conversation's last message as a list shows it, in the member's language and the
 * browser's time zone: the time today, "yesterday", the weekday within the week, the day and month
 * this year, else the short date. `full` is the whole date and time (the element's title).
 */
export function chatTimeLabel(iso: string, locale: string, now: Date = new Date()): { short: string; full: string } {
  const at = new Date(iso);
  const full = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const days = calendarDaysBetween(at, now);
  let short: string;
  if (days <= 0) short = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  else if (days === 1) short = capitalise(relativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'), locale);
  else if (days < 7) short = capitalise(dateTimeFormat(locale, { weekday: 'short' }).format(at), locale);
  else if (at.getFullYear() === now.getFullYear()) short = dateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(at);
  else short = dateTimeFormat(locale, { dateStyle: 'short' }).format(at);
  return { short, full };
}

/** Whole local calendar days from `from` to `to` (0 on the same day, 1 for yesterday). */
function calendarDaysBetween(from: Date, to: Date): number {
  const start = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/** A label on its own starts with a capital ("Yesterday", "Gisteren"), as the language writes it. */
function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
