/**
 * The contact rules of the operator guardrails: a fictional profile never moves the contact off
 * the site (an e-mail address, a link, a messenger, a phone number). Matched on the folded text
 * (operator-guardrails-text.ts); each finder returns spans so the caller can blank what one rule
 * took before the next looks (the digits of an address are not a phone number).
 */
import { findSpans, type Span } from './operator-guardrails-text';

/** How the seven languages write "at" and "dot" when they hide an address from filters. */
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*(?:at|a|@)\s*[)\]}>]\s*|\s+(?:at|arroba|chiocciola|malpa|klammeraffe|apenstaartje)\s+)`;
const DOT = String.raw`(?:\s*\.\s*|\s*[([{<]\s*(?:dot|punt|punkt|punto|point|kropka|\.)\s*[)\]}>]\s*|\s+(?:dot|punt|punkt|punto|point|kropka)\s+)`;
const MAIL_TLDS = 'com|net|org|nl|de|it|fr|es|pl|eu|be|ch|at|uk|co|io|me|info|biz|online|email';

const EMAILS: RegExp[] = [
  // name@host.tld, and every way of hiding the @ and the dots
  new RegExp(String.raw`[a-z0-9][a-z0-9._%+-]*${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${MAIL_TLDS})\b`),
];

const LINK_TLDS =
  'com|net|org|nl|de|it|fr|es|pl|eu|uk|be|ch|at|io|me|ly|info|co|biz|xyz|app|link|tv|to|gl|gg|cc|online|site|club|live|chat|page';

const LINKS: RegExp[] = [
  /\bhttps?:\/\/[^\s"'<>]+/,
  /\bwww\d?\.[^\s"'<>]+/,
  new RegExp(String.raw`(?<![@a-z0-9.-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${LINK_TLDS})(?![a-z0-9-])(?:\/[^\s"'<>]*)?`),
];

/** Messenger apps by name, and invitations to add or write somewhere else. */
const MESSENGERS: RegExp[] = [
  /\b(whats ?app|whatsap|watsapp|watsap|wa\.me|telegram|telegramm|snapchat|instagram|insta|kik|skype|viber|wechat|facebook|messenger|discord|tiktok|imessage|facetime|threema)\b/,
  /\b(on|via|op|auf|uber|su|sur|por|en|na|w|per) (signal|snap|ig|fb)\b/,
  /\b(signal|line|snap|kik|insta) ?(app|id|nummer|number|numero|name|naam|handle|username)\b/,
  /\b(add|find|text|message|follow|dm) me (on|at|via)\b/,
  /\b(voeg|zoek) me (toe )?(op|via)\b/,
  /\b((schreib|schreibe) mir|(adde|folge|finde) mich) (auf|bei|uber)\b/,
  /\b(aggiungimi|scrivimi|seguimi|cercami) (su|a)\b/,
  /\b(ajoute|ecris|suis|retrouve)-?moi (sur|a|via)\b/,
  /\b(agregame|anademe|escribeme|sigueme|buscame) (en|a|por)\b/,
  /\b(dodaj|napisz do|znajdz) mnie (na|w|przez)\b/,
  // an @handle that is not the middle of an e-mail address
  /(?<![a-z0-9._%+-])@[a-z0-9_.]{3,30}/,
];

export function findEmail(folded: string): Span | null {
  return findSpans(folded, EMAILS)[0] ?? null;
}

/** Links, without the punctuation of the sentence they end ("see www.x.com, or…"). */
export function findLinks(folded: string): Span[] {
  return findSpans(folded, LINKS).map(({ start, end }) => {
    let last = end;
    while (last > start && /[.,;:!?)'"]/.test(folded.charAt(last - 1))) last -= 1;
    return { start, end: last };
  });
}

export function findMessenger(folded: string): Span | null {
  return findSpans(folded, MESSENGERS)[0] ?? null;
}

/** Digits written as words, in the seven languages, so "zero six one two…" is a number too. */
const DIGIT_WORDS: Record<string, number> = {};
[
  'zero one two three four five six seven eight nine',
  'nul een twee drie vier vijf zes zeven acht negen',
  'null eins zwei drei vier funf sechs sieben acht neun',
  'zero uno due tre quattro cinque sei sette otto nove',
  'zero un deux trois quatre cinq six sept huit neuf',
  'cero uno dos tres cuatro cinco seis siete ocho nueve',
  'zero jeden dwa trzy cztery piec szesc siedem osiem dziewiec',
].forEach((line) => line.split(' ').forEach((word, digit) => (DIGIT_WORDS[word] ??= digit)));

const DIGIT_UNIT = String.raw`(?:\d+|\b(?:${Object.keys(DIGIT_WORDS).join('|')})\b)`;
/** Digits and digit words joined by spaces, dashes, dots, slashes or brackets, perhaps after a +. */
const NUMBER_RUN = new RegExp(String.raw`(?:\+\s*|\(\s*\+?)?${DIGIT_UNIT}(?:[ \t.\-/()]*${DIGIT_UNIT})+\)?`, 'g');
/** A date (24.11.2026) or a span of hours (08.00-12.00) has enough digits but is not a number to call. */
const NOT_A_PHONE = [/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/, /^\d{1,2}[:.h]\d\d\s*-\s*\d{1,2}[:.h]\d\d$/];

/**
 * A phone number: eight digits or more when it starts with + or 0 (international, national), nine
 * or more otherwise (a mobile number without its 0). Prices, times, ages and years have fewer.
 */
export function findPhone(folded: string): Span | null {
  for (const match of folded.matchAll(NUMBER_RUN)) {
    const run = match[0];
    if (NOT_A_PHONE.some((pattern) => pattern.test(run.trim()))) continue;
    const units = run.match(new RegExp(DIGIT_UNIT, 'g')) ?? [];
    const digits = units.map((unit) => (/^\d+$/.test(unit) ? unit : String(DIGIT_WORDS[unit])));
    const count = digits.join('').length;
    const international = /^[(\s]*\+/.test(run) || digits.join('').startsWith('00');
    const trunkPrefix = digits[0]?.startsWith('0');
    if (count >= (international || trunkPrefix ? 8 : 9)) return { start: match.index, end: match.index + run.length };
  }
  return null;
}
