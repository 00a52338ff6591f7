/**
 * Word lists of the operator guardrails' normaliser (operator-guardrails-normalise.ts) and
 * evasion rules (operator-guardrails-evasions.ts): letters that look like Latin ones, digits
 * written as words, the ways the seven languages hide "at" and "dot", top-level domains, mail
 * providers, and the words an operator may try to hide by spacing, look-alike letters or leetspeak.
 */

/**
 * Letters of other scripts and styles a reader takes for Latin ones (after NFKC and lower case,
 * which already fold fullwidth, mathematical and circled letters). Cyrillic and Greek look-alikes,
 * small capitals and a few IPA letters.
 */
export const CONFUSABLES: Record<string, string> = Object.fromEntries(
  [
    // Cyrillic
    'аa вb сc дd еe ёe ѐe һh іi їi јj кk ӏl мm нh оo рp ԛq ѕs тt уy ўy хx ԝw ьb гr пn иu',
    // Greek
    'αa βb γy δd εe ζz ηn θo ιi κk λl μu νv οo πn ρp σo ςc τt υu φo χx ψw ωw',
    // small capitals and IPA
    'ᴀa ʙb ᴄc ᴅd ᴇe ꜰf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ǫq ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz ɑa ɡg ıi ȷj ɩi ʋv',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair.slice(0, -1), pair.slice(-1)]),
);

/** Digits as words, folded (no accents), zero to nine in the seven languages. */
export const DIGIT_WORDS: Record<string, number> = {};
[
  'zero one two three four five six seven eight nine',
  'nul een twee drie vier vijf zes zeven acht negen',
  'null eins zwei drei vier funf sechs sieben acht neun',
  'zero uno due tre quattro cinque sei sette otto nove',
  'zero un deux trois quatre cinq six sept huit neuf',
  'cero uno dos tres cuatro cinco seis siete ocho nueve',
  'zero jeden dwa trzy cztery piec szesc siedem osiem dziewiec',
].forEach((line) => line.split(' ').forEach((word, digit) => (DIGIT_WORDS[word] ??= digit)));
// Spoken variants: "zwo" on the German phone, "une" and "oh" where a reader hears a digit.
Object.assign(DIGIT_WORDS, { zwo: 2, une: 1, oh: 0, fuenf: 5 });

/** "dot" as the seven languages spell it out. */
export const DOT_WORDS = 'dot|punt|punkt|punto|point|kropka|ponto';
/** "at" as the seven languages spell it out (the shared rules know most; arobase is French). */
export const AT_WORDS = 'at|arroba|arobase|chiocciola|malpa|klammeraffe|apenstaartje';

/** Top-level domains that are no ordinary word: "x dot com" is an address wherever it stands. */
export const PLAIN_TLDS = 'com|net|org|info|biz|io|eu|nl|pl|fr|uk|ch|online|xyz|app|ly|tv|gg|cc|site|club|live|chat|page|email|ru|us|ca';
/** Top-level domains that are words too ("punto de vista", "home . it was"): an address only at the end of a sentence. */
export const WORD_TLDS = 'de|it|es|at|be|me|to|co|link';

/** Mail providers: "john at gmail" is an address even without its domain. */
export const MAIL_PROVIDERS =
  'g ?mail|googlemail|hot ?mail|outlook|yahoo|gmx|icloud|protonmail|proton|libero|wanadoo|laposte|ziggo|interia|onet|tutanota|yandex|aol|freenet|t-online';

/**
 * Words the rules refuse whenever they are hidden (spaced, dotted, look-alike letters, leetspeak):
 * writing a word so that a filter misses it shows what it is for. Written plainly, they are judged
 * by the contextual rules ("Nice to meet you" passes).
 */
// Not "rendez-vous" nor "meet-up": written with their hyphen they are plain words.
export const HIDDEN_MEETING_WORDS = [
  'meet',
  'meeting',
  'meetup',
  'date',
  'hookup',
  'address',
  'visit',
  'afspreken',
  'afspraak',
  'afspraakje',
  'ontmoeten',
  'adres',
  'treffen',
  'adresse',
  'besuchen',
  'sehen',
  'incontrarci',
  'incontriamoci',
  'incontrare',
  'incontrarti',
  'vediamoci',
  'vederci',
  'vedere',
  'vederti',
  'appuntamento',
  'indirizzo',
  'rencontrer',
  'rencontrons',
  'retrouver',
  'quedar',
  'quedamos',
  'quedemos',
  'vernos',
  'cita',
  'direccion',
  'spotkac',
  'spotkajmy',
  'spotkanie',
  'randka',
  'randke',
  'umowmy',
];

/** Messengers, social networks and paid-content sites, refused when hidden; the names that are words too ("signal", "line") only then. */
export const HIDDEN_MESSENGER_WORDS = [
  'whatsapp',
  'watsapp',
  'telegram',
  'signal',
  'snapchat',
  'snap',
  'instagram',
  'insta',
  'facebook',
  'messenger',
  'kik',
  'skype',
  'line',
  'wechat',
  'viber',
  'threema',
  'discord',
  'tiktok',
  'onlyfans',
  'fansly',
  'twitter',
  'ig',
  'fb',
];

/** Paid-content sites and networks the shared rules do not name: refused wherever they stand. */
export const ALWAYS_MESSENGERS = 'onlyfans|only fans|fansly|twitter|mym\\.fans|patreon|wickr|session app|element app|matrix id';
/** Names a reader takes for a messenger only with a handle after them ("my signal is johnny", "ig: lola_x"). */
export const HANDLE_MESSENGERS =
  'ig|insta|snap|snapchat|signal|line|kik|skype|discord|telegram|tiktok|fb|facebook|instagram|threema|viber|wechat|onlyfans|twitter|x';
