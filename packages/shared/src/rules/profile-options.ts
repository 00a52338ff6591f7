/**
 * The closed option lists of profile attributes (spec section 3). Ids are stored; every
 * language shows its own translation of `profile.<attribute>.<id>`.
 */
export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blonde', 'red', 'grey', 'bald', 'other'] as const;
export const EYE_COLORS = ['brown', 'blue', 'green', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'muscular', 'large'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'divorced', 'widowed', 'separated', 'in_relationship', 'married'] as const;
export const TATTOOS = ['none', 'one', 'some', 'many'] as const;
export const SIGNUP_REASONS = ['relationship', 'friendship', 'dating', 'chat', 'adventure'] as const;

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];

/** The ~50 interests of /api/interests.php; names are translated on the server. */
export const INTEREST_IDS = [
  'relationship',
  'sex',
  'music',
  'travelling',
  'cooking',
  'dining_out',
  'wine',
  'coffee',
  'movies',
  'series',
  'theatre',
  'concerts',
  'festivals',
  'dancing',
  'reading',
  'writing',
  'art',
  'photography',
  'fashion',
  'shopping',
  'fitness',
  'running',
  'cycling',
  'swimming',
  'yoga',
  'hiking',
  'camping',
  'skiing',
  'football',
  'tennis',
  'golf',
  'sailing',
  'beach',
  'nature',
  'animals',
  'dogs',
  'cats',
  'gardening',
  'diy',
  'cars',
  'motorcycles',
  'gaming',
  'technology',
  'science',
  'history',
  'politics',
  'languages',
  'volunteering',
  'spirituality',
  'meditation',
  'board_games',
  'karaoke',
] as const;
export type InterestId = (typeof INTEREST_IDS)[number];
