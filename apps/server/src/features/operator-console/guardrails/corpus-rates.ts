/**
 * The corpus's rates (corpus.ts): the share of evasions refused and of harmless texts refused,
 * per language and overall, as the answer call would judge each text (`replyRefusals` of
 * packages/shared/src/rules/operator-guardrails-refusal.ts) with the site's default honest answers.
 * Used by corpus.test.ts and bench/guardrails.ts.
 */
import { LOCALE_CODES, type LocaleCode } from '@cupido/shared/rules/locales';
import { DEFAULT_HONEST_ANSWER } from '@cupido/shared/contracts/operator-console';
import { honestAnswerDueIn, replyRefusals } from '@cupido/shared/rules/operator-guardrails-refusal';
import { CORPUS, type CorpusText } from './corpus';

export interface Rates {
  evasions: number;
  evasionsRefused: number;
  harmless: number;
  harmlessRefused: number;
}

export interface CorpusRun {
  byLanguage: Record<LocaleCode, Rates>;
  overall: Rates;
  /** The texts judged otherwise than expected. */
  misjudged: CorpusText[];
  testerMissed: CorpusText[];
}

export const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** Whether the answer call refuses the reply, the member having written `memberWrote` before it. */
export type Judge = (text: string, memberWrote: string | undefined) => Promise<boolean>;

const answerCall: Judge = async (text, memberWrote) =>
  replyRefusals(text, Object.values(DEFAULT_HONEST_ANSWER), honestAnswerDueIn(memberWrote ? [memberWrote] : [])).length > 0;

export async function runCorpus(corpus: readonly CorpusText[] = CORPUS, judge: Judge = answerCall): Promise<CorpusRun> {
  const empty = (): Rates => ({ evasions: 0, evasionsRefused: 0, harmless: 0, harmlessRefused: 0 });
  const byLanguage = Object.fromEntries(LOCALE_CODES.map((code) => [code, empty()])) as Record<LocaleCode, Rates>;
  const overall = empty();
  const misjudged: CorpusText[] = [];
  for (const item of corpus) {
    const refused = await judge(item.text, item.memberWrote);
    for (const rates of [byLanguage[item.language], overall]) {
      if (item.expected === 'refused') {
        rates.evasions += 1;
        if (refused) rates.evasionsRefused += 1;
      } else {
        rates.harmless += 1;
        if (refused) rates.harmlessRefused += 1;
      }
    }
    if (refused !== (item.expected === 'refused')) misjudged.push(item);
  }
  return { byLanguage, overall, misjudged, testerMissed: misjudged.filter((item) => item.tester) };
}
