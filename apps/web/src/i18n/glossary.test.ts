import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { catalogueDirectories, checkGlossary, forbiddenRegExp, loadLanguageTexts, proseOf, type Glossary } from './glossary-check';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const glossaryFile = (code: string) => here(`./glossary/${code}.json`);
const loadGlossary = (code: string) => JSON.parse(readFileSync(glossaryFile(code), 'utf8')) as Glossary;

/** Web shell, every feature's texts and the server's errors and e-mails: one language, one voice. */
const DIRS = catalogueDirectories(here('..'), here('../../../server/src'));

describe('glossaries', () => {
  it('every language has a glossary with the same terms as English and a form of address', () => {
    const english = Object.keys(loadGlossary('en').terms).sort();
    for (const code of LOCALE_CODES) {
      expect(existsSync(glossaryFile(code)), `${code}.json`).toBe(true);
      const glossary = loadGlossary(code);
      expect(glossary.locale).toBe(code);
      expect(glossary.address.form.trim(), `${code}: address.form`).not.toBe('');
      expect(Object.keys(glossary.terms).sort(), `${code}: terms`).toEqual(english);
      for (const [id, term] of Object.entries(glossary.terms)) {
        expect(term.use.trim(), `${code}: ${id}.use`).not.toBe('');
        // A preferred form that its own rules forbid would make the glossary contradict itself.
        for (const form of term.avoid ?? [])
          expect(forbiddenRegExp(form).test(term.use), `${code}: ${id}.use matches its own avoid list`).toBe(false);
      }
    }
  });

  it('the catalogue folders include the web shell, the features and the server', () => {
    const names = DIRS.map((dir) => dir.split('/src/').pop());
    expect(names).toEqual(expect.arrayContaining(['i18n/locales', 'features/profiles/texts']));
    expect(DIRS.some((dir) => dir.includes('/server/src/i18n/locales'))).toBe(true);
  });

  for (const code of LOCALE_CODES) {
    it(`${code}: no forbidden term and one form of address in every catalogue`, () => {
      expect(checkGlossary(loadGlossary(code), loadLanguageTexts(DIRS, code))).toEqual([]);
    });
  }

  it('the check matches whole words only, with case and patterns as the glossary says', () => {
    const glossary: Glossary = {
      locale: 'xx',
      address: { form: 'tu', wrongRegister: ['Lei', { text: 'usted', ignoreCase: true }, { pattern: '(?<=\\p{Ll} )Twój' }] },
      terms: {
        cookiePolicy: {
          en: 'Cookie policy',
          use: 'Informativa sui cookie',
          avoid: [{ text: 'Cookie policy', ignoreCase: true }, 'premium'],
        },
      },
      typography: [{ pattern: '^[^¿]*\\?', why: 'questions open with ¿' }],
    };
    const problems = checkGlossary(
      glossary,
      new Map([
        ['a', 'Lei può eliminare'], // formal "you": caught
        ['b', 'lei e lui; Leiden; Tutto'], // "she", a longer word: not caught
        ['c', 'Usted puede'], // ignoreCase
        ['d', 'Leggi la cookie Policy'],
        ['e', 'Fino a {{premium_limit}} foto'], // placeholders are not prose
        ['f', 'zmień Twój adres'], // capitalised pronoun mid-sentence
        ['g', 'Twój adres'], // at the start of a sentence: fine
        ['h', 'Diventa membro premium'],
        ['i', '¿Seguro? Sí'], // typography: fine
        ['j', 'Seguro?'], // typography: no opening ¿
      ]),
    );
    expect(problems.map((problem) => problem.split(':')[1]!.trim()).sort()).toEqual(['a', 'c', 'd', 'f', 'h', 'j']);
    expect(proseOf('<1>Hi</1> {{name}}')).not.toContain('name');
  });
});
