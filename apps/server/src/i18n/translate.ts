/**
 * Server-side texts (API error messages, interest names, later e-mails) in the seven languages.
 * English is the source; a test fails when another catalogue lacks one of its keys.
 */
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@cupido/shared/locales';
import en from './locales/en.json';
import nl from './locales/nl.json';
import de from './locales/de.json';
import it from './locales/it.json';
import fr from './locales/fr.json';
import es from './locales/es.json';
import pl from './locales/pl.json';
// The back office is English first (issue 13): its texts are `staff.*` keys, in this catalogue only.
import staffEn from './staff-en.json';

type Catalogue = { [key: string]: string | Catalogue };
export const CATALOGUES: Record<LocaleCode, Catalogue> = { en, nl, de, it, fr, es, pl };

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** t('nl', 'errors.generic') -> Dutch text; falls back to English, then to the key itself. */
export function translate(locale: LocaleCode, key: string, params: Record<string, string | number> = {}): string {
  const text = key.startsWith('staff.')
    ? (lookup(staffEn, key.slice('staff.'.length)) ?? key)
    : (lookup(CATALOGUES[locale], key) ?? lookup(CATALOGUES[DEFAULT_LOCALE], key) ?? key);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function catalogueKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : catalogueKeys(value, `${prefix}${key}.`),
  );
}

export { LOCALE_CODES };
