/**
 * The meeting rule of the operator guardrails: a fictional profile never proposes to meet. Matched
 * on the folded text (operator-guardrails-text.ts: lower case, no accents, ł as l). Meeting talk
 * that is negated ("we can't meet", "nous ne pouvons pas nous rencontrer") is the honest answer,
 * not a proposal, and passes.
 */
import { findSpans, type Span } from './operator-guardrails-text';

const WEEKDAYS = [
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday',
  'maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag',
  'montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag',
  'lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica',
  'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche',
  'lunes|martes|miercoles|jueves|viernes|sabado|domingo',
  'poniedzialek|wtorek|sroda|srode|czwartek|piatek|sobota|sobote|niedziela|niedziele',
].join('|');

/** Phrases that propose or arrange a meeting, per language. */
const MEETING_PHRASES: RegExp[] = [
  // en
  /\b(let'?s|lets|shall we|can we|could we|should we|we (could|can|should|will|might)|we'll|wanna|want to|would (love|like) to|i'?d (love|like) to|i want to) (meet|get together|hook up|see each other|go out)\b/,
  /\bmeet (up|me|in person|in real life|irl|somewhere|tonight|tomorrow|this|next|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|at (the|my|your|\d))\b/,
  /\bsee you (at|on|in|tonight|tomorrow|this|next|there|later at|(on )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/,
  /\bcome (over|round|around|by|visit)\b/,
  /\b(come|go) to (my|your) (place|house|flat|apartment|home|room|hotel)\b/,
  /\bpick you up\b/,
  /\b(go on a date|a date) with me\b/,
  /\b(in person|face to face)\b/,
  // nl
  /\b(afspreken|afspraakje|af te spreken)\b/,
  /\b(elkaar|mekaar) (\w+ ){0,2}(ontmoeten|zien|treffen)\b/,
  /\b(laten we|zullen we|kunnen we|wil je|willen we) (\w+ ){0,3}(ontmoeten|treffen|iets drinken|koffie drinken|uitgaan)\b/,
  /\b(wil|zou|wil graag|kan|mag) (ik )?(je|jou) (\w+ ){0,2}(ontmoeten|treffen)\b/,
  /\bkom je (\w+ ){0,4}naar\b/,
  /\bkom (langs|naar mij|naar mijn|bij mij)\b/,
  /\b(naar|bij) (mijn|jouw) (huis|huisje|appartement|flat|kamer)\b/,
  /\bzie je (zaterdag|zondag|maandag|dinsdag|woensdag|donderdag|vrijdag|morgen|vanavond|bij|op het|in het|om \d)\b/,
  /\btot (zaterdag|zondag|maandag|dinsdag|woensdag|donderdag|vrijdag|vanavond) (om|bij|op|in)\b/,
  // de
  /\btreffen wir uns\b/,
  /\b(lass|lasst|lassen) uns (\w+ ){0,3}(treffen|sehen|kennenlernen)\b/,
  /\buns (\w+ ){0,3}(treffen|kennenlernen)\b/,
  /\b(sehen wir uns|wir sehen uns (am|um|im|morgen|heute|dann|bei))\b/,
  /\b(kommst|komm) du (\w+ ){0,4}(zu mir|vorbei)\b/,
  /\b(komm|kommst) (doch )?(vorbei|zu mir)\b/,
  /\bzu (mir|dir) nach hause\b/,
  /\b(lust auf|gehen wir auf|gehst du mit mir auf) ein (date|treffen)\b/,
  /\bein treffen (am|um|morgen|heute|diese|nachste)\b/,
  /\bpersonlich kennen/,
  // it
  /\b(ci vediamo|vediamoci|incontriamoci|ci incontriamo|usciamo insieme|vieni da me|vieni a trovarmi)\b/,
  /\b(possiamo|potremmo|vuoi|dovremmo|voglio|vorrei) (\w+ ){0,2}(incontrar(ci|ti|mi)|vederci|uscire insieme)\b/,
  /\b(incontrarci|vederci di persona|incontrarti)\b/,
  /\b(a|da) casa (mia|tua)\b/,
  /\b(fissiamo|diamoci|prendiamo) (un )?appuntamento\b/,
  /\bappuntamento (con me|domani|stasera|sabato|domenica|questo|alle)\b/,
  // fr
  /\bon se (voit|retrouve|rencontre|capte)\b/,
  /\b(rencontrons|voyons|retrouvons)-?nous\b/,
  /\b(nous|se|te) (rencontrer|retrouver)\b/,
  /\b(viens|venir|passe|passer) (chez moi|me voir|chez toi)\b/,
  /\bchez (moi|toi)\b/,
  /\b(donnons-nous|fixons|on se donne|on se fixe|prenons) (un )?(rendez-vous|rdv)\b/,
  /\b(rendez-vous|rdv) (a|au|ce|demain|samedi|dimanche|devant|chez|avec moi)\b/,
  // es
  /\b(quedamos|quedemos|veamonos|nos vemos|conocernos en persona|vernos en persona)\b/,
  /\b(podemos|podriamos|quieres|te apetece|deberiamos|vamos a|me gustaria) (\w+ ){0,2}(quedar|vernos|conocernos)\b/,
  /\bquedar (conmigo|el|este|esta|manana|hoy)\b/,
  /\b(ven|vente|venir) a (mi|tu) casa\b/,
  /\ben (mi|tu) casa\b/,
  /\b(una|tengamos una|tener una) cita (conmigo|manana|esta|el|este)\b/,
  // pl
  /\b(spotkajmy sie|spotkamy sie|zobaczmy sie|zobaczymy sie|umowmy sie|umowimy sie)\b/,
  /\b(mozemy|moglibysmy|chcesz|chcialabym|chcialbym|moze) (\w+ ){0,2}(sie )?(spotkac|zobaczyc|umowic)\b/,
  /\bsie (spotkac|zobaczyc na zywo|umowic)\b/,
  /\b(przyjdz|wpadnij|przyjedz) (do mnie|dzis|jutro)\b/,
  /\bu (mnie|ciebie) w domu\b/,
  /\b(umowmy sie|idziemy|pojdziemy|chodz|wybierzmy sie) na randke\b/,
  /\brandk[ai] (ze mna|jutro|dzis|w sobote|w niedziele)\b/,
  /\bna zywo\b/,
];

/** When: a clock time, or a day ahead (tonight, tomorrow, this or next weekday). */
const WHEN = new RegExp(
  [
    String.raw`\b(at|om|um|alle|a|a las|o|o godz(inie)?\.?|vers|rond|gegen)\s?\d{1,2}([:.h]\d\d)?\b`,
    String.raw`\b\d{1,2}([:.h]\d\d)?\s?(am|pm|uhr|uur|h)\b`,
    String.raw`\b\d{1,2}:\d\d\b`,
    String.raw`\b(tonight|tomorrow|this evening|this weekend|vanavond|morgen|dit weekend|heute abend|stasera|domani|questo weekend|ce soir|demain|ce week-end|esta noche|manana|este finde|dzis wieczorem|jutro|w weekend)\b`,
    String.raw`\b(this|next|coming|deze|komende|volgende|diesen|nachsten|kommenden|questo|prossimo|ce|prochain|este|proximo|w te|w przyszl[aey]) (${WEEKDAYS})\b`,
  ].join('|'),
);

/** Where: a public place or a home someone could go to. */
const WHERE =
  /\b(station|train station|cafe|coffee shop|pub|park|restaurant|cinema|hotel|mall|beach|square|entrance|corner|church|museum|market|bridge|club|library|airport|kroeg|bioscoop|strand|plein|markt|ingang|brug|kerk|bahnhof|hauptbahnhof|kneipe|kino|platz|eingang|brucke|kirche|stazione|caffe|parco|albergo|spiaggia|piazza|ingresso|ponte|chiesa|mercato|ristorante|gare|parc|plage|entree|pont|eglise|marche|estacion|cafeteria|parque|cine|playa|plaza|puente|iglesia|mercado|restaurante|dworzec|dworcu|stacji|kawiarni|kawiarnia|parku|kinie|hotelu|plazy|rynku|wejsciu|moscie|kosciele|restauracji)\b/;

/** A sentence about a day gone by tells, it does not arrange. */
const PAST =
  /\b(yesterday|last|gisteren|vorige|gestern|letzten|ieri|scorso|scorsa|hier|dernier|derniere|ayer|pasado|pasada|wczoraj|zeszl[aey]|ostatni[aeo]?)\b/;

/** A street address, in the ways the seven countries write one. */
const ADDRESSES: RegExp[] = [
  /\b\d{1,4}[a-z]? [a-z]+ (street|st|road|rd|avenue|ave|lane|drive|way|close)\b/,
  /\b[a-z]{3,}(straat|weg|laan|plein|gracht|kade|singel|strasse|str\.|gasse|platz|allee|ring)\s?\d{1,4}\b/,
  /\b(via|viale|piazza|corso|vicolo) [a-z]+( [a-z]+)? \d{1,4}\b/,
  /\b\d{1,4},? (rue|avenue|boulevard|bd|place|chemin|allee|impasse|quai) [a-z]+/,
  /\b(calle|c\/|avenida|avda\.?|plaza|paseo) [a-z]+( [a-z]+)?,? \d{1,4}\b/,
  /\b(ul\.|ulica|ulicy|al\.|aleja|alei|plac|placu) [a-z]+( [a-z]+)? \d{1,4}\b/,
];

/** Words that turn meeting talk into its refusal. */
const NEGATIONS = new Set([
  'not',
  'never',
  'cannot',
  'cant',
  'no',
  'niet',
  'nooit',
  'geen',
  'nicht',
  'nie',
  'niemals',
  'kein',
  'keine',
  'non',
  'mai',
  'ne',
  'pas',
  'jamais',
  'nunca',
  'jamas',
  'nigdy',
]);
/** Negations that do not negate the meeting ("can't wait to meet you"). */
const EAGER =
  /\b(can'?t wait|cannot wait|kan (bijna )?niet wachten|no puedo esperar|non vedo l'?ora|nie moge sie doczekac|ne peux pas attendre)\b/g;

function isNegationWord(word: string): boolean {
  return NEGATIONS.has(word) || word.endsWith("n't") || word.startsWith("n'");
}

/** The clause around a span: from the last , . ; ! ? or new line before it to the next one after it. */
function clauseAround(folded: string, span: Span): { before: string; inside: string; after: string } {
  const boundary = /[,.;!?\n:]/;
  let start = span.start;
  while (start > 0 && !boundary.test(folded.charAt(start - 1))) start -= 1;
  let end = span.end;
  while (end < folded.length && !boundary.test(folded.charAt(end))) end += 1;
  return { before: folded.slice(start, span.start), inside: folded.slice(span.start, span.end), after: folded.slice(span.end, end) };
}

const words = (text: string) =>
  text
    .replace(EAGER, ' ')
    .split(/[^a-z']+/)
    .filter(Boolean);

/** Negated meeting talk: a negation among the four words before it, in it, or right after it (German, Dutch). */
function isNegated(folded: string, span: Span): boolean {
  const { before, inside, after } = clauseAround(folded, span);
  const nearby = [...words(before).slice(-4), ...words(inside), ...words(after).slice(0, 2)];
  return nearby.some(isNegationWord);
}

/** The first meeting proposal in the folded text, or null. */
export function findMeeting(folded: string): Span | null {
  const phrases = findSpans(folded, [...MEETING_PHRASES, ...ADDRESSES]).filter((span) => !isNegated(folded, span));
  const first = phrases[0];
  if (first) return first;
  // A time and a place in one sentence, together, make an appointment even without "let's meet".
  for (const sentence of folded.matchAll(/[^.!?\n]+/g)) {
    const when = WHEN.exec(sentence[0]);
    const where = WHERE.exec(sentence[0]);
    if (!when || !where || PAST.test(sentence[0])) continue;
    const start = sentence.index + Math.min(when.index, where.index);
    const end = sentence.index + Math.max(when.index + when[0].length, where.index + where[0].length);
    const span = { start, end };
    if (!isNegated(folded, span)) return span;
  }
  return null;
}
