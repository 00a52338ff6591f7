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
});
