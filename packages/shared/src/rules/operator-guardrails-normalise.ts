/**
 * The normaliser of the operator guardrails (finding 4 of issue 27): the text as a reader sees it,
 * so that spaced, dotted or dashed letters, look-alike letters of other scripts and styles, digits
 * of other scripts and addresses written with "at" and "dot" count as what they spell. Pure and
 * zod-free; every character of the result knows where it came from in the original, so a refusal
 * still quotes the words as the operator typed them.
 */
import { foldText } from './operator-guardrails-text';
import { AT_WORDS, CONFUSABLES, DIGIT_WORDS, DOT_WORDS, PLAIN_TLDS, WORD_TLDS } from './operator-guardrails-words';

export interface NormalisedText {
  /** Lower case Latin letters and ASCII digits, no accents, one space between words. */
  text: string;
  /** For each character of `text`, where its source starts and ends in `original`. */
  from: number[];
  to: number[];
  original: string;
  /** Runs of single letters the writer spaced out ("w h a t s a p p"), as spans of `original`. */
  joined: { start: number; end: number }[];
}

/** Characters a reader does not see: zero-width spaces and joiners, soft hyphens, direction marks, variation selectors. */
const INVISIBLE_RANGES: [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x206a, 0x206f],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xe0100, 0xe01ef],
];
const isInvisible = (char: string) => {
  const code = char.codePointAt(0)!;
  return INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high);
};
const DECIMAL_DIGIT = /\p{Nd}/u;

/** The value of a decimal digit of any script: Unicode keeps each script's ten digits in a row from zero. */
function digitValue(codePoint: number): number {
  let zero = codePoint;
  while (zero > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return (codePoint - zero) % 10;
}

function foldChar(char: string): string {
  if (isInvisible(char)) return '';
  if (DECIMAL_DIGIT.test(char)) return String(digitValue(char.codePointAt(0)!));
  const plain = char.normalize('NFKC').toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  const latin = [...plain].map((c) => CONFUSABLES[c] ?? c).join('');
  return foldText(latin).folded;
}

function characters(original: string): NormalisedText {
  const { folded, from, to } = foldText(original, foldChar);
  return { text: folded, from, to, original, joined: [] };
}

/** Each match replaced; the new characters point at the whole of what they replace. */
export function rewrite(source: NormalisedText, pattern: RegExp, replace: (match: string) => string): NormalisedText {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let copied = 0;
  const copy = (end: number) => {
    text += source.text.slice(copied, end);
    from.push(...source.from.slice(copied, end));
    to.push(...source.to.slice(copied, end));
  };
  for (const match of source.text.matchAll(pattern)) {
    copy(match.index);
    const out = replace(match[0]);
    const start = source.from[match.index]!;
    const end = source.to[match.index + match[0].length - 1]!;
    text += out;
    for (let i = 0; i < out.length; i += 1) {
      from.push(start);
      to.push(end);
    }
    copied = match.index + match[0].length;
  }
  copy(source.text.length);
  return { ...source, text, from, to };
}

/** The words as written behind text[start, end). */
export function originalOf(source: NormalisedText, start: number, end: number): string {
  if (end <= start || start >= source.from.length) return '';
  return source.original.slice(source.from[start], source.to[Math.min(end, source.to.length) - 1]).trim();
}

/**
 * Three or more single letters or digits, each pair split by one space, dot, dash, underscore,
 * star or slash: "l e t s", "m.e.e.t", "j o h n @ g m a i l . c o m" (not the s of "let's"). Two spaces end the word, so
 * "l e t s  m e e t" reads "lets meet". Single-letter words of the languages ("a", "i", "w", "y")
 * rarely come three in a row, and a joined run only matters if it spells something the rules know.
 */
const SPACED_LETTERS = /(?<![\p{L}\p{N}@'])[a-z0-9@](?:[ ._\-*/|~+·•][a-z0-9@.]){2,}(?![\p{L}\p{N}'])/gu;

/** Two letters between wider gaps ("s e i  u n  b o t"), joined only in a text that spaces its letters out. */
const SPACED_PAIR = /(?<=^|\s{2})[a-z0-9] [a-z0-9](?=\s{2}|\s?[?!.,]|$)/g;

function joinSpacedLetters(source: NormalisedText): NormalisedText {
  const joined: NormalisedText['joined'] = [];
  for (const match of source.text.matchAll(SPACED_LETTERS)) {
    joined.push({ start: source.from[match.index]!, end: source.to[match.index + match[0].length - 1]! });
  }
  if (joined.length === 0) return source;
  const everyOther = (run: string) => [...run].filter((_, i) => i % 2 === 0).join('');
  return { ...rewrite(rewrite(source, SPACED_LETTERS, everyOther), SPACED_PAIR, everyOther), joined };
}

/** Defanged links ("hxxps://", "example[.]com", "http[:]//") as the links they are. */
function undoDefanging(source: NormalisedText): NormalisedText {
  const scheme = rewrite(source, /\bh(?:xx|\*\*|tt)p(s?)\s*(?:\[:\]|\(:\)|:)\s*\/\s*\//g, (match) =>
    match.includes('s') ? 'https://' : 'http://',
  );
  const brackets = rewrite(scheme, new RegExp(String.raw`\s*[[({<]\s*(?:\.|${DOT_WORDS})\s*[\])}>]\s*`, 'g'), () => '.');
  const at = rewrite(brackets, new RegExp(String.raw`\s*[[({<]\s*(?:@|${AT_WORDS})\s*[\])}>]\s*`, 'g'), () => '@');
  // The shared rules know "at", "arroba", "chiocciola", "małpa"; French writes "arobase".
  return rewrite(at, new RegExp(String.raw`(?<=[a-z0-9])\s+(?:arobase)\s+(?=[a-z0-9])`, 'g'), () => '@');
}

/**
 * A name and a top-level domain joined by spaced dots or "dot" words ("johnny . example . org",
 * "johnny99 dot net", "lola punkt de"): the domain as written without them. A domain that is a
 * word too ("de", "it", "es") counts only where the sentence ends, so "mi punto de vista" stays.
 */
const DOT_SEPARATOR = String.raw`(?:\s+(?:${DOT_WORDS})\s+|\s+\.\s+|\.)`;
const SPELLED_DOMAIN = new RegExp(
  String.raw`(?<![a-z0-9])[a-z0-9][a-z0-9_-]*(?:${DOT_SEPARATOR}[a-z0-9][a-z0-9-]*)*?${DOT_SEPARATOR}(?:(?:${PLAIN_TLDS})(?![a-z0-9])|(?:${WORD_TLDS})(?=\s*(?:[.!?,;:)]|$)))`,
  'g',
);

function joinSpelledDomains(source: NormalisedText): NormalisedText {
  return rewrite(source, SPELLED_DOMAIN, (match) => match.replace(new RegExp(DOT_SEPARATOR, 'g'), '.'));
}

/** The text as a reader sees it: letters, digits, joined runs, undone defanging, spelled-out domains, one space between words. */
export function normaliseForGuardrails(original: string): NormalisedText {
  const steps = [undoDefanging, joinSpacedLetters, joinSpelledDomains, (t: NormalisedText) => rewrite(t, /[ \t]{2,}/g, () => ' ')];
  return steps.reduce((text, step) => step(text), characters(original));
}

const DIGIT_WORD = new RegExp(String.raw`\b(?:${Object.keys(DIGIT_WORDS).join('|')})\b`, 'g');

/**
 * The normalised text with digit words as digits and the commas of a dictated number gone
 * ("zero six one two, three four five"), for the phone rule. A comma right between digits (a
 * price's 1,000) stays.
 */
export function digitsForPhone(source: NormalisedText): NormalisedText {
  const digits = rewrite(source, DIGIT_WORD, (word) => String(DIGIT_WORDS[word]));
  return rewrite(digits, /(?<=\d)\s*[,;]\s+(?=\d)/g, () => ' ');
}

/** Leetspeak read as letters inside words ("m3et", "r3al", "sn@p"); numbers on their own stay numbers. */
const LEET: Record<string, string> = { '3': 'e', '0': 'o', '1': 'i', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

export function decodeLeet(text: string): string {
  return text.replace(/[a-z0-9@$!]+(?:[._-][a-z0-9@$!]+)*/g, (token) =>
    /[a-z]/.test(token) && !/@[a-z0-9-]+\./.test(token) ? token.replace(/[301457@$!]/g, (c) => LEET[c]!) : token,
  );
}
