/**
 * The guardrails' corpus (finding 4 of issue 27): every text the outside test found passing is
 * refused, the evasions are refused at the stated rate and harmless look-alikes pass at the stated
 * rate, in each of the seven languages.
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { CORPUS, EVASIONS_REFUSED_TARGET, HARMLESS_REFUSED_TARGET } from './corpus';
import { runCorpus, share } from './corpus-rates';

/** The texts of the outside test's report, as reported. */
const TESTER_TEXTS = [
  'l e t s  m e e t',
  'm\u0435\u0435t',
  'm.e.e.t',
  'me-et',
  'm3et',
  'w h a t s a p p',
  'ᴡʜᴀᴛsᴀᴘᴘ',
  'my ig: johnny99',
  'my signal is johnny',
  'zero six one two, three four five, six seven eight',
  '٠٦١٢٣٤٥٦٧٨',
  'j o h n @ g m a i l . c o m',
  'john at gmail',
  'johnny . example . org',
  'johnny99 dot net',
  'hxxps://johnny.example',
  'of course I am real',
];

describe('the guardrails corpus', () => {
  it('has at least 200 texts, both kinds in each of the seven languages, and every text of the report', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    for (const language of LOCALE_CODES) {
      const texts = CORPUS.filter((item) => item.language === language);
      expect(texts.filter((item) => item.expected === 'refused').length, language).toBeGreaterThanOrEqual(15);
      expect(texts.filter((item) => item.expected === 'harmless').length, language).toBeGreaterThanOrEqual(10);
    }
    const tester = CORPUS.filter((item) => item.tester);
    expect(tester.map((item) => item.text)).toEqual(TESTER_TEXTS);
    expect(tester.every((item) => item.expected === 'refused')).toBe(true);
    expect(tester.at(-1)?.memberWrote).toBe('is this really you or an employee writing?');
  });

  it('refuses every text of the report and the evasions at the target, and passes the harmless texts at the target', async () => {
    const run = await runCorpus();
    expect(run.testerMissed.map((item) => item.text)).toEqual([]);
    expect(run.misjudged.map((item) => `${item.language} ${item.expected}: ${item.text}`)).toEqual([]);
    for (const language of LOCALE_CODES) {
      const rates = run.byLanguage[language];
      expect(share(rates.evasionsRefused, rates.evasions), language).toBeGreaterThanOrEqual(EVASIONS_REFUSED_TARGET);
      expect(share(rates.harmlessRefused, rates.harmless), language).toBeLessThanOrEqual(HARMLESS_REFUSED_TARGET);
    }
  });
});
