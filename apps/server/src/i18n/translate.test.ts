import { describe, expect, it } from 'vitest';
import { CATALOGUES, catalogueKeys, translate } from './translate';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function textAt(locale: keyof typeof CATALOGUES, key: string): string {
  return translate(locale, key);
}

describe('server catalogues', () => {
  const english = catalogueKeys(CATALOGUES.en);
  it.each(LOCALE_CODES.filter((c) => c !== 'en'))('%s has exactly the keys and placeholders of English', (code) => {
    const keys = catalogueKeys(CATALOGUES[code]);
    expect(keys.filter((k) => !english.includes(k))).toEqual([]);
    expect(english.filter((k) => !keys.includes(k))).toEqual([]);
    for (const key of english) {
      const text = textAt(code, key);
      expect(text.trim(), `${code}:${key}`).not.toBe('');
      expect(placeholders(text), `${code}:${key}`).toEqual(placeholders(textAt('en', key)));
    }
  });

  it('translates with parameters and falls back to English', () => {
    expect(translate('nl', 'errors.generic')).toBe('Er is een fout opgetreden, probeer het later opnieuw');
    expect(translate('de', 'no.such.key')).toBe('no.such.key');
  });
});
