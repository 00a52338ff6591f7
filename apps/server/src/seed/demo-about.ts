/**
 * The 'about' text of a demo profile, in the site's language, composed from hand-written
 * sentences: an opener for the sign-up reason, where they live, what they enjoy (from their
 * interests), whom they look for, and a closing line.
 *
 * Whom the text looks for is chosen by the profile's `seeking` (`seekingOf` of its gender,
 * orientation and stored choice, decision 036), the same value the two-way matching reads, so a
 * lesbian profile's text looks for a woman, a gay man's for a man, a hetero woman's for a man and
 * a bi profile's for both; no other sentence names a gender. Nothing proposes meeting in person
 * or a date: many demo profiles are fictional, and fictional profiles cannot be met (trust.md).
 */
import type { Faker } from '@faker-js/faker';
import type { Seeking } from '@cupido/shared/rules/matching';
import type { InterestId, SIGNUP_REASONS } from '@cupido/shared/rules/profile-options';

export type AboutLanguage = 'en' | 'nl';
export const ABOUT_LANGUAGES: readonly AboutLanguage[] = ['en', 'nl'];

type SignupReason = (typeof SIGNUP_REASONS)[number];

export interface AboutInput {
  name: string;
  city: string;
  /** Whom the profile looks for: the text says exactly this. */
  seeking: Seeking;
  signupReason: string;
  interests: readonly InterestId[];
}

type Phrases = Partial<Record<InterestId, [en: string, nl: string]>>;

/** How each interest reads inside "I love ..." / "Ik hou van ...". */
const INTEREST_PHRASES: Phrases = {
  music: ['good music', 'goede muziek'],
  travelling: ['travelling', 'reizen'],
  cooking: ['cooking for friends', 'koken voor vrienden'],
  dining_out: ['dinners out', 'uit eten gaan'],
  wine: ['a nice glass of wine', 'een goed glas wijn'],
  coffee: ['strong coffee', 'sterke koffie'],
  movies: ['films', 'films kijken'],
  series: ['binge-watching a good series', 'een goede serie bingen'],
  theatre: ['the theatre', 'theater'],
  concerts: ['live concerts', 'concerten'],
  festivals: ['summer festivals', 'festivals'],
  dancing: ['dancing', 'dansen'],
  reading: ['a good book', 'een goed boek'],
  writing: ['writing', 'schrijven'],
  art: ['museums and art', 'musea en kunst'],
  photography: ['photography', 'fotografie'],
  fashion: ['fashion', 'mode'],
  shopping: ['a day of shopping', 'een dagje shoppen'],
  fitness: ['the gym', 'de sportschool'],
  running: ['running', 'hardlopen'],
  cycling: ['cycling', 'fietsen'],
  swimming: ['swimming', 'zwemmen'],
  yoga: ['yoga', 'yoga'],
  hiking: ['long walks', 'lange wandelingen'],
  camping: ['camping', 'kamperen'],
  skiing: ['skiing', 'skiën'],
  football: ['football', 'voetbal'],
  tennis: ['tennis', 'tennis'],
  golf: ['golf', 'golf'],
  sailing: ['sailing', 'zeilen'],
  beach: ['the beach', 'het strand'],
  nature: ['being outdoors', 'de natuur'],
  animals: ['animals', 'dieren'],
  dogs: ['my dog', 'mijn hond'],
  cats: ['my cat', 'mijn kat'],
  gardening: ['my garden', 'mijn tuin'],
  diy: ['DIY projects', 'klussen'],
  cars: ['cars', 'auto’s'],
  motorcycles: ['motorbike rides', 'motorrijden'],
  gaming: ['gaming', 'gamen'],
  technology: ['new gadgets', 'nieuwe gadgets'],
  science: ['science', 'wetenschap'],
  history: ['history', 'geschiedenis'],
  politics: ['a good debate', 'een goede discussie'],
  languages: ['learning languages', 'talen leren'],
  volunteering: ['volunteering', 'vrijwilligerswerk'],
  spirituality: ['spirituality', 'spiritualiteit'],
  meditation: ['meditation', 'meditatie'],
  board_games: ['board games', 'bordspellen'],
  karaoke: ['karaoke', 'karaoke'],
};

interface AboutTexts {
  openers: Record<SignupReason, string[]>;
  home: string[];
  likes: string[];
  /** The only sentences that name a gender: whom the profile looks for. */
  seeking: Record<Seeking, string[]>;
  closers: string[];
  and: string;
}

const TEXTS: Record<AboutLanguage, AboutTexts> = {
  en: {
    openers: {
      relationship: [
        "I'm {name} and ready for something serious.",
        'Lazy Sundays, good food and lots of laughs: that is what makes me happy.',
        "Honest, loyal and a bit of a romantic. I'd love to find my partner in crime.",
      ],
      friendship: [
        'New faces and good company are always welcome. Friendship first, and we will see where it goes.',
        "I'm {name}, easy-going and curious about people.",
      ],
      dating: [
        "I'm {name} and up for a little flirting and a good conversation.",
        'Not in a hurry, just curious to see who is out there.',
        'Single, social and happy to see where a nice chat leads.',
      ],
      chat: ['Mostly here for a good chat after a long day.', "I'm {name}. I like a conversation with a bit of humour and a bit of depth."],
      adventure: [
        "Life's too short to play it safe. I'm here for a bit of excitement.",
        "I'm {name}: open-minded and always up for something new.",
      ],
    },
    home: ['I live in {city}.', 'Based in {city}, born and raised.', 'I moved to {city} a few years ago and love it here.'],
    likes: ['I love {list}.', 'In my free time you will find me enjoying {list}.', 'Things that make me happy: {list}.'],
    seeking: {
      male: [
        'Looking for a man who can make me laugh.',
        'Hoping to find a man with a kind heart and a bit of mischief.',
        'I would like to get to know a man who enjoys the little things.',
        'The man for me is honest, curious and does not take himself too seriously.',
      ],
      female: [
        'Looking for a woman who can make me laugh.',
        'Hoping to find a woman with a kind heart and a bit of mischief.',
        'I would like to get to know a woman who enjoys the little things.',
        'The woman for me is honest, curious and does not take herself too seriously.',
      ],
      both: [
        'Man or woman, it is the person that counts: someone who can make me laugh.',
        'Open to men and women alike, as long as the conversation flows.',
        'Whether you are a man or a woman, I would like to get to know someone who enjoys the little things.',
      ],
    },
    closers: [
      'Say hi if you like what you read!',
      'Send me a message and let’s see if we click.',
      'Don’t be shy, I don’t bite 😉',
      'Curious about your story.',
    ],
    and: ' and ',
  },
  nl: {
    openers: {
      relationship: [
        'Ik ben {name} en klaar voor iets serieus.',
        'Luie zondagen, lekker eten en veel lachen: daar word ik blij van.',
        'Eerlijk, trouw en best een beetje romantisch.',
      ],
      friendship: [
        'Nieuwe mensen leren kennen vind ik altijd leuk. Eerst vriendschap, en dan zien we wel.',
        'Ik ben {name}, makkelijk in de omgang en nieuwsgierig naar mensen.',
      ],
      dating: [
        'Ik ben {name} en heb wel zin in een flirt en een goed gesprek.',
        'Geen haast, wel benieuwd wie er nog meer rondloopt.',
        'Single, sociaal en benieuwd waar een leuk gesprek naartoe gaat.',
      ],
      chat: [
        'Vooral hier voor een fijn gesprek na een lange dag.',
        'Ik ben {name}. Ik hou van gesprekken met humor en een beetje diepgang.',
      ],
      adventure: [
        'Het leven is te kort om altijd op veilig te spelen. Ik zoek een beetje spanning.',
        'Ik ben {name}: ruimdenkend en altijd in voor iets nieuws.',
      ],
    },
    home: [
      'Ik woon in {city}.',
      'Geboren en getogen in {city}.',
      'Een paar jaar geleden naar {city} verhuisd en ik heb het hier prima naar mijn zin.',
    ],
    likes: ['Ik hou van {list}.', 'In mijn vrije tijd geniet ik van {list}.', 'Waar je me blij mee maakt: {list}.'],
    seeking: {
      male: [
        'Op zoek naar een man die me aan het lachen maakt.',
        'Ik hoop een man te vinden met een warm hart en een ondeugende kant.',
        'Graag leer ik een man kennen die van de kleine dingen geniet.',
        'De man voor mij is eerlijk, nieuwsgierig en neemt zichzelf niet te serieus.',
      ],
      female: [
        'Op zoek naar een vrouw die me aan het lachen maakt.',
        'Ik hoop een vrouw te vinden met een warm hart en een ondeugende kant.',
        'Graag leer ik een vrouw kennen die van de kleine dingen geniet.',
        'De vrouw voor mij is eerlijk, nieuwsgierig en neemt zichzelf niet te serieus.',
      ],
      both: [
        'Man of vrouw, het gaat mij om de persoon: iemand die me aan het lachen maakt.',
        'Ik sta open voor zowel mannen als vrouwen, als het gesprek maar loopt.',
        'Of je nu een man of een vrouw bent: ik leer graag iemand kennen die van de kleine dingen geniet.',
      ],
    },
    closers: [
      'Stuur gerust een berichtje!',
      'Zeg gerust hoi, ik bijt niet 😉',
      'Benieuwd naar jouw verhaal.',
      'Laat maar een berichtje achter, dan kijken we of het klikt.',
    ],
    and: ' en ',
  },
};

/** The sentences that say whom a profile looks for, per language (a text holds exactly one of them). */
export function seekingSentences(language: AboutLanguage, seeking: Seeking): readonly string[] {
  return TEXTS[language].seeking[seeking];
}

function joinList(items: string[], language: AboutLanguage): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${TEXTS[language].and}${items.at(-1)}`;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

export function composeAbout(faker: Faker, language: AboutLanguage, input: AboutInput): string {
  const texts = TEXTS[language];
  const index = language === 'nl' ? 1 : 0;
  const values = { name: input.name, city: input.city };
  const openers = texts.openers[input.signupReason as SignupReason] ?? texts.openers.dating;
  const phrases = input.interests.map((id) => INTEREST_PHRASES[id]?.[index]).filter((p): p is string => Boolean(p));
  const sentences = [faker.helpers.arrayElement(openers)];
  if (faker.datatype.boolean(0.6)) sentences.push(faker.helpers.arrayElement(texts.home));
  if (phrases.length > 0) {
    const list = joinList(faker.helpers.arrayElements(phrases, { min: 1, max: Math.min(3, phrases.length) }), language);
    sentences.push(faker.helpers.arrayElement(texts.likes).replace('{list}', list));
  }
  sentences.push(faker.helpers.arrayElement(texts.seeking[input.seeking]));
  if (faker.datatype.boolean(0.7)) sentences.push(faker.helpers.arrayElement(texts.closers));
  return sentences.map((s) => fill(s, values)).join(' ');
}
