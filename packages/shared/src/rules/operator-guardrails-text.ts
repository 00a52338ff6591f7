/**
 * Text helpers of the operator guardrails: one folded form of a text (lower case, no accents, one
 * kind of apostrophe and space) to match word lists against, and the way back from a match in the
 * folded text to the words as written, which the refusal quotes.
 */

/** Letters NFKD leaves whole but that a writer may type either way (Polish ł, German ß...). */
const EXTRA_FOLDS: Record<string, string> = {
  ł: 'l',
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  '’': "'",
  '‘': "'",
  ʼ: "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u200b': '',
  '¿': ' ',
  '¡': ' ',
};

export interface FoldedText {
  /** Lower case, accents removed, quotes, dashes and spaces of one kind. */
  folded: string;
  /** For each character of `folded`, where its source starts and ends in the original text. */
  from: number[];
  to: number[];
  original: string;
}

function foldChar(char: string): string {
  const lower = char.toLowerCase();
  const extra = EXTRA_FOLDS[lower];
  if (extra !== undefined) return extra;
  return lower.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** The text folded one character at a time by `fold` (lower case without accents by default), with where each folded character came from. */
export function foldText(original: string, fold: (char: string) => string = foldChar): FoldedText {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of original) {
    const out = fold(char);
    for (let i = 0; i < out.length; i += 1) {
      from.push(index);
      to.push(index + char.length);
    }
    folded += out;
    index += char.length;
  }
  return { folded, from, to, original };
}

/** The words as written behind folded[start, end). */
export function originalSlice(text: FoldedText, start: number, end: number): string {
  if (end <= start || start >= text.from.length) return '';
  return text.original.slice(text.from[start], text.to[Math.min(end, text.to.length) - 1]).trim();
}

export interface Span {
  start: number;
  end: number;
}

/** Every match of the patterns in the folded text, as spans, earliest first. */
export function findSpans(folded: string, patterns: readonly RegExp[]): Span[] {
  const spans: Span[] = [];
  for (const pattern of patterns) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const match of folded.matchAll(global)) {
      if (match[0].trim() === '') continue;
      const lead = match[0].length - match[0].trimStart().length;
      spans.push({ start: match.index + lead, end: match.index + match[0].trimEnd().length });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The text with the spans blanked, same length, so later rules do not see what an earlier one took. */
export function maskSpans(folded: string, spans: readonly Span[]): string {
  let masked = folded;
  for (const { start, end } of spans) masked = masked.slice(0, start) + ' '.repeat(end - start) + masked.slice(end);
  return masked;
}

/** Damerau–Levenshtein distance of at most one: a slip of one letter (missing, extra, wrong or swapped). */
export function withinOneTypo(word: string, target: string): boolean {
  if (word === target) return true;
  const lengthGap = word.length - target.length;
  if (Math.abs(lengthGap) > 1) return false;
  let i = 0;
  while (i < word.length && i < target.length && word[i] === target[i]) i += 1;
  if (lengthGap === 0) {
    if (word.slice(i + 1) === target.slice(i + 1)) return true;
    return word[i] === target[i + 1] && word[i + 1] === target[i] && word.slice(i + 2) === target.slice(i + 2);
  }
  return lengthGap > 0 ? word.slice(i + 1) === target.slice(i) : word.slice(i) === target.slice(i + 1);
}
