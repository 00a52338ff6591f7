/**
 * Intl.NumberFormat objects, made once per locale and options. Making one costs far more than
 * formatting with it (Chromium loads the locale's ICU data), and a grid of cards asks for the same
 * formatter once per card on every render: on a phone that was a measurable part of the search
 * page's blocking time (issue 29, bench:web).
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
