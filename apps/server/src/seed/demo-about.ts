/**
 * The 'about' text of a demo profile, in the site's language, composed from hand-written
 * sentences: an opener for the sign-up reason, where they live, what they enjoy (from their
 * interests), whom they look for, and a closing line. Nothing proposes meeting in person: many
 * demo profiles are fictional, and fictional profiles never arrange a meeting (trust.md).
 */
import type { Faker } from '@faker-js/faker';
import type { Gender, InterestId, Sexuality } from '@cupido/shared/profile-options';

export type AboutLanguage = 'en' | 'nl';

export interface AboutInput {
  name: string;
  city: string;
  gender: Gender;
  sexuality: Sexuality;
  signupReason: string;
  interests: readonly InterestId[];
}

type Phrases = Partial<Record<InterestId, [en: string, nl: string]>>;

/** How each interest reads inside "I love ..." / "Ik hou van ...". */
const INTEREST_PHRASES: Phrases = {
  music: ['good music', 'goede muziek'], travelling: ['travelling', 'reizen'], cooking: ['cooking for friends', 'koken voor vrienden'],
  dining_out: ['dinners out', 'uit eten gaan'], wine: ['a nice glass of wine', 'een goed glas wijn'],
  coffee: ['strong coffee', 'sterke koffie'], movies: ['films', 'films kijken'], series: ['binge-watching a good series', 'een goede serie bingen'],
  theatre: ['the theatre', 'theater'], concerts: ['live concerts', 'concerten'], festivals: ['summer festivals', 'festivals'],
  dancing: ['dancing', 'dansen'], reading: ['a good book', 'een goed boek'], writing: ['writing', 'schrijven'],
  art: ['museums and art', 'musea en kunst'], photography: ['photography', 'fotografie'], fashion: ['fashion', 'mode'],
  shopping: ['a day of shopping', 'een dagje shoppen'], fitness: ['the gym', 'de sportschool'], running: ['running', 'hardlopen'],
  cycling: ['cycling', 'fietsen'], swimming: ['swimming', 'zwemmen'], yoga: ['yoga', 'yoga'], hiking: ['long walks', 'lange wandelingen'],
  camping: ['camping', 'kamperen'], skiing: ['skiing', 'skiën'], football: ['football', 'voetbal'], tennis: ['tennis', 'tennis'],
  golf: ['golf', 'golf'], sailing: ['sailing', 'zeilen'], beach: ['the beach', 'het strand'], nature: ['being outdoors', 'de natuur'],
  animals: ['animals', 'dieren'], dogs: ['my dog', 'mijn hond'], cats: ['my cat', 'mijn kat'], gardening: ['my garden', 'mijn tuin'],
  diy: ['DIY projects', 'klussen'], cars: ['cars', 'auto’s'], motorcycles: ['motorbike rides', 'motorrijden'],
  gaming: ['gaming', 'gamen'], technology: ['new gadgets', 'nieuwe gadgets'], science: ['science', 'wetenschap'],
  history: ['history', 'geschiedenis'], politics: ['a good debate', 'een goede discussie'], languages: ['learning languages', 'talen leren'],
  volunteering: ['volunteering', 'vrijwilligerswerk'], spirituality: ['spirituality', 'spiritualiteit'], meditation: ['meditation', 'meditatie'],
  board_games: ['board games', 'bordspellen'], karaoke: ['karaoke', 'karaoke'],
};

const OPENERS: Record<AboutLanguage, Record<string, string[]>> = {
  en: {
    relationship: [
      "I'm {name} and ready for something real.",
      'Looking for someone to share the everyday with: lazy Sundays, good food and lots of laughs.',
      "Honest, loyal and a bit of a romantic. I'd love to find my partner in crime.",
    ],
    friendship: [
      'New faces and good company are always welcome. Friendship first, and we will see where it goes.',
      "I'm {name}, easy-going and curious about people.",
    ],
    dating: [
      "I'm {name} and up for fun dates and good conversation.",
      'Not in a hurry, just curious to see who is out there.',
      'Single, social and happy to see where a nice chat leads.',
    ],
    chat: [
      'Mostly here for a good chat after a long day.',
      "I'm {name}. I like a conversation with a bit of humour and a bit of depth.",
    ],
    adventure: [
      "Life's too short to play it safe. I'm here for a bit of excitement.",
      "I'm {name}: open-minded and always up for something new.",
    ],
  },
  nl: {
    relationship: [
      'Ik ben {name} en klaar voor iets echts.',
      'Op zoek naar iemand om het gewone leven mee te delen: luie zondagen, lekker eten en veel lachen.',
      'Eerlijk, trouw en best een beetje romantisch.',
    ],
    friendship: [
      'Nieuwe mensen leren kennen vind ik altijd leuk. Eerst vriendschap, en dan zien we wel.',
      'Ik ben {name}, makkelijk in de omgang en nieuwsgierig naar mensen.',
    ],
    dating: [
      'Ik ben {name} en heb zin in leuke dates en goede gesprekken.',
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
};

const HOME: Record<AboutLanguage, string[]> = {
  en: ['I live in {city}.', 'Based in {city}, born and raised.', 'I moved to {city} a few years ago and love it here.'],
  nl: ['Ik woon in {city}.', 'Geboren en getogen in {city}.', 'Een paar jaar geleden naar {city} verhuisd en ik heb het hier prima naar mijn zin.'],
};

const LIKES: Record<AboutLanguage, string[]> = {
  en: ['I love {list}.', 'In my free time you will find me enjoying {list}.', 'Things that make me happy: {list}.'],
  nl: ['Ik hou van {list}.', 'In mijn vrije tijd geniet ik van {list}.', 'Waar je me blij mee maakt: {list}.'],
};

const SEEKING: Record<AboutLanguage, string[]> = {
  en: ['Looking for {target} who can make me laugh.', 'Hoping to find {target} with a kind heart and a bit of mischief.', 'I would like to get to know {target} who enjoys the little things.'],
  nl: ['Op zoek naar {target} die me aan het lachen maakt.', 'Ik hoop {target} te vinden met een warm hart en een ondeugende kant.', 'Graag leer ik {target} kennen die van de kleine dingen geniet.'],
};

const TARGETS: Record<AboutLanguage, Record<'man' | 'woman' | 'either', string>> = {
  en: { man: 'a man', woman: 'a woman', either: 'a man or a woman' },
  nl: { man: 'een man', woman: 'een vrouw', either: 'een man of een vrouw' },
};

const CLOSERS: Record<AboutLanguage, string[]> = {
  en: ['Say hi if you like what you read!', 'Send me a message and let’s see if we click.', 'Don’t be shy, I don’t bite 😉', 'Curious about your story.'],
  nl: ['Stuur gerust een berichtje!', 'Zeg gerust hoi, ik bijt niet 😉', 'Benieuwd naar jouw verhaal.', 'Laat maar een berichtje achter, dan kijken we of het klikt.'],
};

function target(gender: Gender, sexuality: Sexuality): 'man' | 'woman' | 'either' {
  if (sexuality === 'bi') return 'either';
  if (sexuality === 'gay') return 'man';
  if (sexuality === 'lesbian') return 'woman';
  return gender === 'male' ? 'woman' : 'man';
}

function joinList(items: string[], language: AboutLanguage): string {
  if (items.length <= 1) return items.join('');
  const and = language === 'nl' ? ' en ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

export function composeAbout(faker: Faker, language: AboutLanguage, input: AboutInput): string {
  const index = language === 'nl' ? 1 : 0;
  const values = { name: input.name, city: input.city, target: TARGETS[language][target(input.gender, input.sexuality)] };
  const openers = OPENERS[language][input.signupReason] ?? OPENERS[language].dating!;
  const phrases = input.interests.map((id) => INTEREST_PHRASES[id]?.[index]).filter((p): p is string => Boolean(p));
  const sentences = [faker.helpers.arrayElement(openers)];
  if (faker.datatype.boolean(0.6)) sentences.push(faker.helpers.arrayElement(HOME[language]));
  if (phrases.length > 0) {
    const list = joinList(faker.helpers.arrayElements(phrases, { min: 1, max: Math.min(3, phrases.length) }), language);
    sentences.push(faker.helpers.arrayElement(LIKES[language]).replace('{list}', list));
  }
  sentences.push(faker.helpers.arrayElement(SEEKING[language]));
  if (faker.datatype.boolean(0.7)) sentences.push(faker.helpers.arrayElement(CLOSERS[language]));
  return sentences.map((s) => fill(s, values)).join(' ');
}
