import type { TPhoto } from '@cupido/shared/contracts/photos';
import type { TMemberAnswer, TMemberProfile, TOwnProfile, TProfileCard } from '@cupido/shared/contracts/profiles';
import type { StubAnswer } from './api-stub';

/** The member's own profile as GET /api/profile.php answers it (Anna of userFixture). */
export function makeOwnProfile(overrides: Partial<TOwnProfile> = {}): TOwnProfile {
  return {
    id: 70,
    name: 'Anna',
    gender: 'female',
    sexuality: 'hetero',
    date_of_birth: '1990-05-15',
    age: 35,
    country: 'NL',
    region: 'NH',
    city: 'Haarlem',
    hair_color: null,
    eye_color: null,
    body_type: null,
    relationship_status: 'single',
    tattoos: null,
    signup_reason: null,
    interests: ['music'],
    about: '',
    invisible: false,
    looking_for_gender: null,
    looking_for_min_age: null,
    looking_for_max_age: null,
    status: 'active',
    location: null,
    hide_activity: false,
    ...overrides,
  };
}

export function makeCard(id: number, overrides: Partial<TProfileCard> = {}): TProfileCard {
  return {
    id,
    name: `Member ${id}`,
    age: 30,
    city: 'Leeds',
    country: 'GB',
    main_image: `/photos/t${id}.jpg`,
    is_fictional: false,
    ...overrides,
  };
}

export function makeMemberProfile(overrides: Partial<TMemberProfile> = {}): TMemberProfile {
  return {
    id: 42,
    name: 'Bram',
    age: 41,
    gender: 'male',
    country: 'NL',
    region: 'UT',
    city: 'Utrecht',
    about: 'Cyclist and cook.',
    interests: ['music', 'cooking'],
    highlights: [
      { field: 'age', value: 41 },
      { field: 'city', value: 'Utrecht' },
      { field: 'relationship_status', value: 'divorced' },
    ],
    notes: [{ field: 'signup_reason', value: 'relationship' }],
    main_image: '/photos/m1.jpg',
    photos: [
      { locked: false, id: 1, url: '/photos/p1.jpg', thumb_url: '/photos/t1.jpg', is_main: true },
      { locked: false, id: 2, url: '/photos/p2.jpg', thumb_url: '/photos/t2.jpg', is_main: false },
      { locked: false, id: 3, url: '/photos/p3.jpg', thumb_url: '/photos/t3.jpg', is_main: false },
      { locked: true },
      { locked: true },
    ],
    photo_count: 5,
    is_fictional: false,
    fictional: null,
    is_blocked_by_me: false,
    is_own: false,
    ...overrides,
  };
}

export function makeMemberAnswer(
  overrides: Partial<TMemberProfile> = {},
  related: TProfileCard[] = [makeCard(5), makeCard(6)],
): TMemberAnswer {
  return { profile: makeMemberProfile(overrides), related };
}

export function makePhoto(id: number, overrides: Partial<TPhoto> = {}): TPhoto {
  return {
    id,
    filename: `p${id}.jpg`,
    thumb_filename: `t${id}.jpg`,
    url: `/photos/p${id}.jpg`,
    thumb_url: `/photos/t${id}.jpg`,
    status: 'pending',
    is_main: id === 1,
    ...overrides,
  };
}

/** GET /api/interests.php and /api/regions.php as the profile screens use them, and a member's likes (none) for their like buttons. */
export const referenceDataStubs: Record<string, StubAnswer> = {
  'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
  'GET /api/interests.php': {
    body: {
      interests: [
        { id: 'cooking', name: 'Cooking' },
        { id: 'music', name: 'Music' },
        { id: 'travelling', name: 'Travelling' },
      ],
    },
  },
  'GET /api/regions.php': {
    body: {
      countries: [
        {
          country: 'NL',
          label: 'province',
          regions: [
            { code: 'NH', name: 'Noord-Holland' },
            { code: 'UT', name: 'Utrecht' },
          ],
        },
      ],
    },
  },
};
