/**
 * `npm run bench:guardrails` (issue 27, finding 4): the operator guardrails against their corpus
 * (apps/server/src/features/operator-console/guardrails/corpus.ts). Prints, per language and
 * overall, the share of evasions refused and of harmless texts wrongly refused, as the answer
 * call judges them, next to the shared rules alone (what the outside test met), and the time a
 * text takes. Exits 1 when a text of the test's report passes or a rate misses its target.
 */
import { performance } from 'node:perf_hooks';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { DEFAULT_HONEST_ANSWER } from '@cupido/shared/contracts/operator-console';
import { asksIfReal, replyViolations } from '@cupido/shared/rules/operator-guardrails';
import { isHonestAnswer } from '@cupido/shared/rules/operator-guardrails-refusal';
import { CORPUS, EVASIONS_REFUSED_TARGET, HARMLESS_REFUSED_TARGET } from '../apps/server/src/features/operator-console/guardrails/corpus';
import { runCorpus, share, type Rates } from '../apps/server/src/features/operator-console/guardrails/corpus-rates';

const percent = (part: number, whole: number) => `${(100 * share(part, whole)).toFixed(1).padStart(5)}% (${part}/${whole})`;
const line = (label: string, rates: Rates) =>
  `${label.padEnd(8)} evasions refused ${percent(rates.evasionsRefused, rates.evasions).padEnd(18)} harmless refused ${percent(rates.harmlessRefused, rates.harmless)}`;

/** The corpus as the shared rules alone judged it before the normaliser (for comparison). */
async function sharedRulesAlone() {
  const honest = Object.values(DEFAULT_HONEST_ANSWER);
  return runCorpus(
    CORPUS,
    async (text, memberWrote) =>
      !isHonestAnswer(text, honest) && (replyViolations(text).length > 0 || (memberWrote !== undefined && asksIfReal(memberWrote))),
  );
}

const started = performance.now();
const run = await runCorpus();
const perText = (performance.now() - started) / CORPUS.length;
const before = await sharedRulesAlone();

console.log(
  `Guardrails corpus: ${CORPUS.length} texts in ${LOCALE_CODES.length} languages, ${CORPUS.filter((item) => item.tester).length} from the outside test's report`,
);
console.log(
  `Targets: evasions refused >= ${100 * EVASIONS_REFUSED_TARGET}%, harmless refused <= ${100 * HARMLESS_REFUSED_TARGET}%, every reported text refused\n`,
);
for (const language of LOCALE_CODES) console.log(line(language, run.byLanguage[language]));
console.log(line('overall', run.overall));
console.log(`\nShared rules alone (before the normaliser): ${line('overall', before.overall).slice(9)}`);
console.log(
  `Reported texts refused: ${percent(CORPUS.filter((item) => item.tester).length - run.testerMissed.length, CORPUS.filter((item) => item.tester).length)}; before: ${percent(CORPUS.filter((item) => item.tester).length - before.testerMissed.length, CORPUS.filter((item) => item.tester).length)}`,
);
console.log(`Time per text: ${perText.toFixed(2)} ms`);

const failures = [
  ...run.testerMissed.map((item) => `reported text passes: ${item.text}`),
  ...LOCALE_CODES.flatMap((language) => {
    const rates = run.byLanguage[language];
    return [
      ...(share(rates.evasionsRefused, rates.evasions) < EVASIONS_REFUSED_TARGET ? [`${language}: evasions refused below target`] : []),
      ...(share(rates.harmlessRefused, rates.harmless) > HARMLESS_REFUSED_TARGET ? [`${language}: harmless refused above target`] : []),
    ];
  }),
  ...run.misjudged.map((item) => `misjudged (${item.language}, expected ${item.expected}): ${item.text}`),
];
if (failures.length > 0) {
  console.error(`\nFAILED\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nOK: every target met');
