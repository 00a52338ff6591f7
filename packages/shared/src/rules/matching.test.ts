/**
 * The two-way rule of decision 036 as a table: every gender, orientation and choice on both
 * sides. The server's SQL (profiles/mutual-match-sql.ts and the generated profiles.seeking) is
 * checked against these same functions in apps/server/src/features/profiles/mutual-match.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  FICTIONAL_MIN_DISTANCE_KM,
  SEEKINGS,
  distanceKm,
  gendersWantedBy,
  isMutualMatch,
  seekingOf,
  seekingsThatWant,
  seeks,
  shownDistanceKm,
  snapToCell,
  type Seeking,
} from './matching';
import { GENDERS, SEXUALITIES, type Gender, type Sexuality } from './profile-options';

const genders: (Gender | null)[] = [...GENDERS, null];
const sexualities: (Sexuality | null)[] = [...SEXUALITIES, null];
const choices: (Seeking | null)[] = [...SEEKINGS, null];

describe('seekingOf: whom a profile looks for (decision 013 when nothing is chosen)', () => {
  // The default written out by hand, so the function is checked against the decision, not itself.
  const derived: Record<string, Seeking> = {
    'male/hetero': 'female',
    'female/hetero': 'male',
    'male/gay': 'male',
    'female/gay': 'female',
    'male/lesbian': 'male',
    'female/lesbian': 'female',
    'male/bi': 'both',
    'female/bi': 'both',
  };

  it.each(genders.flatMap((gender) => sexualities.flatMap((sexuality) => choices.map((choice) => [gender, sexuality, choice] as const))))(
    'gender %s, orientation %s, choice %s',
    (gender, sexuality, choice) => {
      const expected = choice ?? (gender && sexuality ? derived[`${gender}/${sexuality}`]! : 'both');
      expect(seekingOf({ gender, sexuality, looking_for_gender: choice })).toBe(expected);
    },
  );
});

describe('seeks and the SQL helpers', () => {
  it('wants a gender exactly when looking for it or for both; an unknown gender only with both', () => {
    expect(seeks('male', 'male')).toBe(true);
    expect(seeks('male', 'female')).toBe(false);
    expect(seeks('male', null)).toBe(false);
    expect(seeks('female', 'female')).toBe(true);
    expect(seeks('female', 'male')).toBe(false);
    expect(seeks('female', null)).toBe(false);
    for (const gender of genders) expect(seeks('both', gender)).toBe(true);
  });

  it("seekingsThatWant(g) lists exactly the seekings that want g (the SQL's seeking IN (...))", () => {
    for (const gender of genders) {
      for (const seeking of SEEKINGS)
        expect(seekingsThatWant(gender).includes(seeking), `${seeking} wants ${gender}`).toBe(seeks(seeking, gender));
    }
  });

  it("gendersWantedBy(s) lists the known genders s wants (the SQL's gender IN (...); 'both' adds no condition)", () => {
    for (const seeking of SEEKINGS) {
      for (const gender of GENDERS)
        expect(gendersWantedBy(seeking).includes(gender), `${seeking} wants ${gender}`).toBe(seeks(seeking, gender));
    }
  });
});

describe('isMutualMatch: both sides want each other', () => {
  const sides = genders.flatMap((gender) => SEEKINGS.map((seeking) => ({ gender, seeking })));

  it.each(sides.flatMap((member) => sides.map((candidate) => [member, candidate] as const)))('%o offered %o', (member, candidate) => {
    const memberWants = member.seeking === 'both' || member.seeking === candidate.gender;
    const candidateWants = candidate.seeking === 'both' || candidate.seeking === member.gender;
    expect(isMutualMatch(member, candidate)).toBe(memberWants && candidateWants);
  });

  it('keeps the cases of the issue', () => {
    const straightMan = { gender: 'male' as const, seeking: seekingOf({ gender: 'male', sexuality: 'hetero', looking_for_gender: null }) };
    const lesbian = { gender: 'female' as const, seeking: seekingOf({ gender: 'female', sexuality: 'lesbian', looking_for_gender: null }) };
    const straightWoman = {
      gender: 'female' as const,
      seeking: seekingOf({ gender: 'female', sexuality: 'hetero', looking_for_gender: null }),
    };
    const gayMan = { gender: 'male' as const, seeking: seekingOf({ gender: 'male', sexuality: 'gay', looking_for_gender: null }) };
    expect(isMutualMatch(straightMan, lesbian)).toBe(false);
    expect(isMutualMatch(straightMan, straightWoman)).toBe(true);
    expect(isMutualMatch(straightMan, gayMan)).toBe(false);
    expect(isMutualMatch(lesbian, straightMan)).toBe(false);
    // An explicit search for men replaces only the member's own side: gay men, never straight ones.
    expect(isMutualMatch({ ...straightMan, seeking: 'male' }, gayMan)).toBe(true);
    expect(isMutualMatch({ ...straightMan, seeking: 'male' }, { gender: 'male', seeking: 'female' })).toBe(false);
  });
});

describe('distances', () => {
  const london = { latitude: 51.507, longitude: -0.128 };
  const reading = { latitude: 51.454, longitude: -0.978 };

  it('shows whole km, at least 1, and a fictional profile at least the minimum', () => {
    expect(shownDistanceKm(0.2, false)).toBe(1);
    expect(shownDistanceKm(12.4, false)).toBe(12);
    expect(shownDistanceKm(12.6, false)).toBe(13);
    expect(shownDistanceKm(2, true)).toBe(FICTIONAL_MIN_DISTANCE_KM);
    expect(shownDistanceKm(250.4, true)).toBe(250);
  });

  it('snaps a point to the centre of its ~1 km cell, the same for every point in it', () => {
    const cell = snapToCell(london);
    expect(distanceKm(cell, london)).toBeLessThan(1);
    expect(snapToCell({ latitude: cell.latitude + 0.001, longitude: cell.longitude + 0.001 })).toEqual(cell);
    expect(snapToCell(cell)).toEqual(cell);
    // Two cells are as far apart as their points, give or take the cells' size.
    expect(Math.abs(distanceKm(snapToCell(london), snapToCell(reading)) - distanceKm(london, reading))).toBeLessThan(1.5);
  });
});
