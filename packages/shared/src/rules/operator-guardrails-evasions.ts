/**
 * The operator guardrails with the normaliser in front (finding 4 of issue 27, trust.md
 * "Operators"): a reply is judged as a reader would see it. First the shared rules on the text as
 * typed (what they refused stays refused, quoted the same); then the same rules on the normalised
 * text, the phone rule with digit words and a dictated number's commas, and the rules below:
 *
 * - a meeting word or a messenger's name written so that a filter misses it ("m.e.e.t", "m3et",
 *   "mееt" with Cyrillic е, "l e t s m e e t") is refused wherever it stands: hiding a word shows
 *   what it is for. Written plainly, the contextual rules judge it ("Nice to meet you" passes);
 * - paid-content sites by name (OnlyFans, Fansly...), a messenger with a handle after it ("my ig:
 *   johnny99", "my signal is johnny"; "my signal is bad" passes), a home address asked for or given
 *   ("send me your address"; not when negated);
 * - a mail provider after "at" without its domain ("john at gmail").
 */
import { GUARDRAIL_RULES, replyViolations, type GuardrailViolation, type TGuardrailRule } from './operator-guardrails';
import { findPhone } from './operator-guardrails-contact';
import { foldText } from './operator-guardrails-text';
import { decodeLeet, digitsForPhone, normaliseForGuardrails, originalOf, type NormalisedText } from './operator-guardrails-normalise';
import {
  ALWAYS_MESSENGERS,
  HANDLE_MESSENGERS,
  HIDDEN_MEETING_WORDS,
  HIDDEN_MESSENGER_WORDS,
  MAIL_PROVIDERS,
} from './operator-guardrails-words';

interface Found {
  rule: TGuardrailRule;
  start: number;
  end: number;
}

/** Each letter with the digits and signs leetspeak writes for it. */
const LEET_CLASS: Record<string, string> = { a: '[a4@]', e: '[e3]', i: '[i1!|]', l: '[l1|]', o: '[o0]', s: '[s5$]', t: '[t7+]' };
/** What may stand between the letters of a hidden word: one dot, dash, underscore, star, apostrophe or bar. */
const INSIDE = "[-._*'|~]?";

function hiddenWordPattern(word: string, bounded: boolean): string {
  // Short names ("ig", "fb", "kik") with digits would be read into numbers: only separators for them.
  const letters = [...word].map((letter) => (word.length >= 4 ? (LEET_CLASS[letter] ?? letter) : letter));
  const body = letters.join(INSIDE);
  return bounded ? String.raw`(?<![a-z0-9])${body}(?![a-z0-9])` : body;
}

const HIDDEN_WORDS: { rule: TGuardrailRule; word: string; bounded: RegExp; inside: RegExp }[] = [
  ...HIDDEN_MEETING_WORDS.map((word) => ({ rule: 'meeting' as const, word })),
  ...HIDDEN_MESSENGER_WORDS.map((word) => ({ rule: 'messenger' as const, word })),
].map(({ rule, word }) => ({
  rule,
  word,
  bounded: new RegExp(hiddenWordPattern(word, true), 'g'),
  inside: new RegExp(hiddenWordPattern(word, false)),
}));

/** A word as written differs from the word it spells (case and accents aside): it was hidden. */
const isHidden = (written: string, word: string) => foldText(written).folded !== word;

function findHiddenWords(source: NormalisedText): Found[] {
  const found: Found[] = [];
  for (const { rule, word, bounded } of HIDDEN_WORDS) {
    for (const match of source.text.matchAll(bounded)) {
      const end = match.index + match[0].length;
      if (isHidden(originalOf(source, match.index, end), word)) found.push({ rule, start: match.index, end });
    }
  }
  // Spaced letters without a wider gap between words ("l e t s m e e t"): the word anywhere in the run.
  for (const run of source.joined) {
    const letters = foldText(source.original.slice(run.start, run.end)).folded.replace(/[^a-z0-9@$!|+]/g, '');
    const hit = HIDDEN_WORDS.find(({ word, inside }) => word.length >= 4 && inside.test(letters));
    if (hit) found.push({ rule: hit.rule, ...spanOfOriginal(source, run.start, run.end) });
  }
  return found;
}

/** The normalised characters that came from original[start, end). */
function spanOfOriginal(source: NormalisedText, start: number, end: number): { start: number; end: number } {
  const first = source.from.findIndex((index) => index >= start);
  let last = first;
  while (last < source.to.length && source.to[last]! <= end) last += 1;
  return { start: Math.max(first, 0), end: Math.max(last, first + 1) };
}

/** Words after a messenger's name that describe the connection, not a handle ("my signal is bad"). */
const NOT_A_HANDLE = [
  'bad|weak|poor|terrible|awful|horrible|lousy|good|great|strong|fine|ok|okay|perfect|gone|lost|low|down|off|on|dead|broken|full|better|worse',
  'not|really|very|so|too|the|a|an|in|at|my|your|to|here|there|always|never|still|quite|pretty|kinda|bit|crap|rubbish|shit',
  'slecht|zwak|weg|goed|niet|heel|erg|schlecht|schwach|gut|nicht|sehr|ganz|pessimo|debole|buono|non|molto|mauvais|faible|bon|pas|tres|mala|malo|debil|buena|bueno|muy|slaby|dobry|zly|kiepski|nie|bardzo',
].join('|');
const POSSESSIVE = "my|mijn|m'n|mein|meine|mio|mia|il mio|la mia|mon|ma|mi|moj|moje|moja";
const HANDLE_WORDS = 'name|id|handle|naam|nick|nickname|account|konto|profil|profiel|profilo|profile|perfil|compte|user|username';
const COPULA = 'is|ist|e|est|es|to|jest|=|:';

/** Words run together so no word boundary finds them ("letsmeet"). */
const RUN_TOGETHER = /\b(?:letsmeet|meetme|wannameet|letsmeetup|meetmeat|treffenwiruns|spotkajmysie|quedamos?hoy|civediamo)\b/g;

const MESSENGER_RULES: RegExp[] = [
  new RegExp(String.raw`\b(?:${ALWAYS_MESSENGERS})\b`, 'g'),
  // "my ig: johnny99", "my signal is johnny", "mein snap ist lena_x"
  new RegExp(
    String.raw`\b(?:${POSSESSIVE}) (?:${HANDLE_MESSENGERS})(?: (?:${HANDLE_WORDS}))?\s*(?:${COPULA})\s*@?(?!(?:${NOT_A_HANDLE})\b)[a-z0-9_.]{2,}`,
    'g',
  ),
  // "ig: johnny99", "snap = lola_x", "snap me: lola99"
  new RegExp(String.raw`\b(?:${HANDLE_MESSENGERS})(?: me| (?:${HANDLE_WORDS}))?\s*[:=]\s*@?(?!(?:${NOT_A_HANDLE})\b)[a-z0-9_.]{2,}`, 'g'),
];

/** A home address given ("my address is", "mijn adres:") or asked for ("your address"); talk about one's own address passes. */
const ADDRESS_RULES: RegExp[] = [
  /\b(?:your|ur|yr) (?:home |street |house |postal |exact |full )?address\b/g,
  /\bmy (?:home |street |house |postal |exact |full )?address(?: is|:| =)/g,
  /\b(?:je|jouw|uw) (?:thuis|huis|woon)?adres\b/g,
  /\b(?:mijn|m'n) (?:thuis|huis|woon)?adres(?: is|:)/g,
  /\b(?:deine|ihre|deiner) (?:wohn|privat|heim)?adresse\b/g,
  /\b(?:meine) (?:wohn|privat|heim)?adresse(?: ist| lautet|:)/g,
  /\b(?:il tuo|tuo|dammi l'|dimmi l') ?indirizzo\b/g,
  /\b(?:il mio|mio) indirizzo(?: e|:)/g,
  /\b(?:ton|votre|ta) adresse\b/g,
  /\bmon adresse(?: est|:| c'est)/g,
  /\b(?:tu|su) direccion\b/g,
  /\bmi direccion(?: es|:)/g,
  /\b(?:twoj|twojego|swoj|swojego) adres\b/g,
  /\b(?:moj|mojego) adres(?: to|:| jest)/g,
];
/** Italian "ci possiamo vedere", which the shared rules do not list. */
const MEETING_RULES: RegExp[] = [/\bci (?:possiamo|potremmo|dobbiamo|vogliamo) (?:\w+ )?(?:vedere|incontrare)\b/g];
const NEGATION =
  /\b(?:not|never|no|can'?t|won'?t|don'?t|niet|nooit|geen|nicht|nie|niemals|kein|keine|non|mai|pas|jamais|nunca|jamas|nigdy)\b/;

/** Negated: a negation among the four words before it in its clause ("I won't give you my address"). */
function negatedBefore(text: string, start: number): boolean {
  const clause =
    text
      .slice(0, start)
      .split(/[,.;!?\n:]/)
      .pop() ?? '';
  return NEGATION.test(clause.split(' ').slice(-5).join(' '));
}

const PROVIDER_MAIL = new RegExp(
  String.raw`\b[a-z0-9][a-z0-9._-]*\s*(?:@|\s(?:at|arroba|arobase|chiocciola|malpa|klammeraffe|apenstaartje)\s)\s*(?:${MAIL_PROVIDERS})\b`,
  'g',
);

function matchesOf(text: string, patterns: readonly RegExp[], rule: TGuardrailRule): Found[] {
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({ rule, start: match.index, end: match.index + match[0].length })),
  );
}

/** The shared rules' violations on a normalised text, placed back in it. */
function sharedOn(source: NormalisedText): Found[] {
  return replyViolations(source.text).flatMap(({ rule, match }) => {
    const start = source.text.indexOf(foldText(match).folded);
    if (start < 0) return [];
    return [{ rule, start, end: start + match.length }];
  });
}

/**
 * Every rule the reply breaks, one violation a rule in the order of GUARDRAIL_RULES, with the
 * words as written (empty: the reply may be sent). The shared rules' answer when they refuse.
 */
export function replyViolationsAsRead(text: string): GuardrailViolation[] {
  const plain = replyViolations(text);
  if (plain.length > 0) return plain;
  const source = normaliseForGuardrails(text);
  // Leetspeak read as letters keeps every character in place: the same way back to the original.
  const leet = { ...source, text: decodeLeet(source.text) };
  const phone = digitsForPhone(source);
  const phoneSpan = findPhone(phone.text);
  const found: [NormalisedText, Found][] = [
    ...[source, leet].flatMap((view) => sharedOn(view).map((f): [NormalisedText, Found] => [view, f])),
    ...(phoneSpan ? [[phone, { rule: 'phone', ...phoneSpan }] as [NormalisedText, Found]] : []),
    ...[
      ...findHiddenWords(source),
      ...matchesOf(source.text, MESSENGER_RULES, 'messenger'),
      ...matchesOf(source.text, [RUN_TOGETHER], 'meeting'),
      ...matchesOf(source.text, [...ADDRESS_RULES, ...MEETING_RULES], 'meeting').filter(({ start }) => !negatedBefore(source.text, start)),
      ...matchesOf(source.text, [PROVIDER_MAIL], 'email'),
    ].map((f): [NormalisedText, Found] => [source, f]),
  ];
  return GUARDRAIL_RULES.flatMap((rule) => {
    const first = found.filter(([, f]) => f.rule === rule).sort(([, a], [, b]) => a.start - b.start)[0];
    return first ? [{ rule, match: originalOf(first[0], first[1].start, first[1].end) }] : [];
  });
}
