import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/locales';
import { checkCatalogueDirectory, checkCatalogues, placeholders } from './catalogue-check';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Every folder of per-locale catalogues in the web app (feature folders may have their own). */
const CATALOGUE_DIRS = [here('./locales'), here('../features/static-pages/texts'), here('../features/accounts/texts'), here('../features/profiles/texts')];

describe('translation catalogues', () => {
  for (const dir of CATALOGUE_DIRS) {
    it.skipIf(!existsSync(dir))(`${dir.split('/src/')[1]}: all seven complete and consistent with English`, () => {
      expect(checkCatalogueDirectory(dir, LOCALE_CODES)).toEqual([]);
    });
  }

  it('the check itself finds missing, extra, empty and mismatched texts', () => {
    const problems = checkCatalogues({
      en: { a: { b: 'Hi {{name}}' }, c: 'C', d: 'D' },
      nl: { a: { b: 'Hoi {{naam}}' }, c: '  ', e: 'E' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'nl: c is empty',
        'nl: extra key e',
        'nl: missing key d',
        'nl: a.b has placeholders [naam], en has [name]',
      ]),
    );
    expect(placeholders('{{ count }} and {{x, number}}')).toEqual(['count', 'x']);
  });

  it('asks each language for exactly its own plural forms', () => {
    const en = { photos_one: '{{count}} photo', photos_other: '{{count}} photos', plain: 'P' };
    expect(checkCatalogues({ en, de: { photos_one: '{{count}} Foto', photos_other: '{{count}} Fotos', plain: 'P' } })).toEqual([]);
    expect(
      checkCatalogues({
        en,
        pl: { photos_one: '{{count}} zdjęcie', photos_few: '{{count}} zdjęcia', photos_other: '{{n}} zdjęcia', plain: 'P' },
        de: { photos_other: '{{count}} Fotos', photos_few: '{{count}} Fotos', plain: 'P' },
      }),
    ).toEqual(
      expect.arrayContaining([
        'pl: missing key photos_many',
        'pl: photos_other has placeholders [n], en has [count]',
        'de: missing key photos_one',
        'de: extra key photos_few',
      ]),
    );
  });
});
