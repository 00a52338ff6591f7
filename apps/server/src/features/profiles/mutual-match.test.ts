/**
 * The two-way rule in SQL against the rule in TypeScript (decision 036), as a table: one profile
 * for every gender (male, female, unknown) x orientation (four, unknown) x choice of whom they
 * look for (male, female, both, none), each in turn the member on the other side of every other.
 * The generated column profiles.seeking must equal `seekingOf` for every row, and the SQL of
 * mutual-match-sql.ts must select exactly the candidates `isMutualMatch` accepts, with the
 * member's own choice, an explicit search gender, and the browser's session choice. So a drift of
 * the generated column, of the SQL or of the rule fails here. Runs on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, type SQL } from 'drizzle-orm';
import { SEEKINGS, isMutualMatch, seekingOf, type MatchSide, type Seeking } from '@cupido/shared/rules/matching';
import { GENDERS, SEXUALITIES, type Gender, type Sexuality } from '@cupido/shared/rules/profile-options';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newSite } from './test/profiles-test-kit';
import { memberSideOf, mutualMatchSql } from './mutual-match-sql';

interface Row {
  id: number;
  gender: Gender | null;
  sexuality: Sexuality | null;
  lookingForGender: Seeking | null;
}

const genders: (Gender | null)[] = [...GENDERS, null];
const sexualities: (Sexuality | null)[] = [...SEXUALITIES, null];
const choices: (Seeking | null)[] = [...SEEKINGS, null];

let t: TestApp;
let siteId: number;
let rows: Row[];

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const combinations = genders.flatMap((gender) =>
    sexualities.flatMap((sexuality) => choices.map((lookingForGender) => ({ gender, sexuality, lookingForGender }))),
  );
  rows = await t.database.db
    .insert(profiles)
    .values(combinations.map((c, i) => ({ siteId, name: `P${i}`, birthDate: '1990-01-01', country: 'GB', ...c })))
    .returning({ id: profiles.id, gender: profiles.gender, sexuality: profiles.sexuality, lookingForGender: profiles.lookingForGender });
  expect(rows).toHaveLength(3 * 5 * 4);
});
afterAll(() => t.close());

const candidateSide = (row: Row): MatchSide => ({
  gender: row.gender,
  seeking: seekingOf({ gender: row.gender, sexuality: row.sexuality, looking_for_gender: row.lookingForGender }),
});

async function selected(condition: SQL): Promise<Set<number>> {
  const found = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.siteId, siteId), condition));
  return new Set(found.map((row) => row.id));
}

const expected = (member: MatchSide) =>
  new Set(rows.filter((candidate) => isMutualMatch(member, candidateSide(candidate))).map((row) => row.id));

describe('the generated column profiles.seeking', () => {
  it('equals seekingOf for every combination', async () => {
    const stored = await t.database.db
      .select({ id: profiles.id, seeking: profiles.seeking })
      .from(profiles)
      .where(eq(profiles.siteId, siteId));
    const byId = new Map(stored.map((row) => [row.id, row.seeking]));
    for (const row of rows) expect(byId.get(row.id), JSON.stringify(row)).toBe(candidateSide(row).seeking);
  });
});

describe('mutualMatchSql', () => {
  it("selects exactly the candidates isMutualMatch accepts, from every member's own side", async () => {
    for (const member of rows) {
      const side = memberSideOf(member);
      expect(side.seeking).toBe(candidateSide(member).seeking);
      expect(await selected(mutualMatchSql(side)), JSON.stringify(member)).toEqual(expected(side));
    }
  });

  it("lets an explicit search gender replace only the member's own side", async () => {
    for (const member of rows) {
      for (const filter of GENDERS) {
        const side = { gender: member.gender, seeking: filter };
        const found = await selected(mutualMatchSql(side));
        expect(found, `${JSON.stringify(member)} searching ${filter}`).toEqual(expected(side));
        // Never wider than what the other side wants.
        for (const id of found)
          expect(candidateSide(rows.find((row) => row.id === id)!).seeking).toMatch(new RegExp(`^(both|${member.gender ?? 'both'})$`));
      }
    }
  });

  it("takes the browser's session choice only when nothing is stored", async () => {
    for (const member of rows) {
      for (const browser of SEEKINGS) {
        const side = memberSideOf(member, browser);
        expect(side.seeking).toBe(member.lookingForGender ?? browser);
        expect(await selected(mutualMatchSql(side)), `${JSON.stringify(member)} with looking_for=${browser}`).toEqual(expected(side));
      }
    }
  });

  it('is not trivially true: every member side sees some and misses some', async () => {
    const straightMan = memberSideOf({ gender: 'male', sexuality: 'hetero', lookingForGender: null });
    const found = await selected(mutualMatchSql(straightMan));
    expect(found.size).toBeGreaterThan(0);
    expect(found.size).toBeLessThan(rows.length);
    // A lesbian woman is never offered to him, nor a man, nor someone of unknown gender.
    for (const id of found) {
      const row = rows.find((r) => r.id === id)!;
      expect(row.gender).toBe('female');
      expect(candidateSide(row).seeking).not.toBe('female');
    }
  });
});
