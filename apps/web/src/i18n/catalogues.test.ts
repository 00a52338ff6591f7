import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { checkCatalogueDirectory, checkCatalogues, placeholders } from './catalogue-check';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const SRC = here('..');
/** The glossaries are term lists per language, not catalogues of the same keys (decision 016). */
const NOT_CATALOGUES = new Set(['i18n/glossary']);

/** Folders known to hold catalogues: if one is moved or deleted, the test says so instead of checking less. */
const KNOWN_CATALOGUE_DIRS = ['i18n/locales', 'features/static-pages/texts', 'features/accounts/texts', 'features/profiles/texts'];

const CATALOGUE_FILES = new Set(LOCALE_CODES.map((code) => `${code}.json`));

/** Every folder under src with a catalogue of any of the seven languages, so a new feature's texts are checked without being listed. */
function discoverCatalogueDirs(dir = SRC): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const own = entries.some((e) => e.isFile() && CATALOGUE_FILES.has(e.name)) ? [relative(SRC, dir)] : [];
  const below = entries.filter((e) => e.isDirectory()).flatMap((e) => discoverCatalogueDirs(join(dir, e.name)));
  // The back office (src/admin, issue 13) is English first: one en.json per area, no other languages yet.
  return [...own, ...below].filter((d) => !NOT_CATALOGUES.has(d) && !d.startsWith('admin')).sort();
}

const CATALOGUE_DIRS = [...new Set([...KNOWN_CATALOGUE_DIRS, ...discoverCatalogueDirs()])].sort();

describe('translation catalogues', () => {
  it('finds every known catalogue folder (none missing, so none is skipped)', () => {
    expect(KNOWN_CATALOGUE_DIRS.filter((dir) => !existsSync(join(SRC, dir, 'en.json')))).toEqual([]);
    expect(discoverCatalogueDirs()).toEqual(expect.arrayContaining(KNOWN_CATALOGUE_DIRS));
  });

  for (const dir of CATALOGUE_DIRS) {
    it(`${dir}: all seven complete and consistent with English`, () => {
      expect(checkCatalogueDirectory(join(SRC, dir), LOCALE_CODES)).toEqual([]);
    });
  }

  it('the check itself finds missing, extra, empty and mismatched texts', () => {
    const problems = checkCatalogues({
      en: { a: { b: 'Hi {{name}}' }, c: 'C', d: 'D' },
      nl: { a: { b: 'Hoi {{naam}}' }, c: '  ', e: 'E' },
    });
    expect(problems).toEqual(
      expect.arrayContaining(['nl: c is empty', 'nl: extra key e', 'nl: missing key d', 'nl: a.b has placeholders [naam], en has [name]']),
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
