/**
 * Intl formatters, made once per locale and options. Making one costs far more than formatting
 * with it, and lists ask for the same formatter once per card or conversation on every render:
 * on a phone that was a measurable part of the member pages' blocking time (issue 29, bench:web).
 * Date formatters take the browser's time zone when they are made, as a new one would.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames;
const formats = new Map<string, Formatter>();

function cached<T extends Formatter>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** The names of countries (regions) in a language: Germany, Duitsland, Niemcy. */
export function regionNames(locale: string): Intl.DisplayNames {
  return cached('region', locale, {}, () => new Intl.DisplayNames([locale], { type: 'region' }));
}
