/**
 * The distance SQL against a plain reference (decision 036): profiles scattered up to 400 km
 * around places on the equator, far north and south, on both sides of the date line and in
 * London (with one crowded cell, as members placed at their city by name are), then for every
 * radius the count (profiles_nearby_idx's bands and blocks, the inscribed square, the haversine)
 * and the nearest-first pages (rings, then the KNN scan beyond them) must equal what the
 * great-circle distance on earthdistance's sphere, the fictional floor and the two-way rule give
 * in JavaScript. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FICTIONAL_MIN_DISTANCE_KM,
  RADIUS_CHOICES_KM,
  isMutualMatch,
  seekingOf,
  snapToCell,
  type LatLon,
  type MatchSide,
} from '@cupido/shared/rules/matching';
import type { Gender, Sexuality } from '@cupido/shared/rules/profile-options';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPhoto, newSite } from './test/profiles-test-kit';
import { birthDateBounds, countQuery, pageIdsQuery, type ProfileFilter } from './search-read-model';

const PLACES: Record<string, LatLon> = {
  london: { latitude: 51.507, longitude: -0.128 },
  quito: { latitude: -0.18, longitude: -78.47 },
  suva: { latitude: -18.14, longitude: 178.44 }, // its circle crosses the date line
  tromso: { latitude: 69.65, longitude: 18.96 },
  ushuaia: { latitude: -54.8, longitude: -68.3 },
};
const today = new Date('2026-03-10T12:00:00Z');
const EARTH_KM = 6378.168;

/** A seeded pseudo-random sequence, so a failure can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function realKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Row {
  id: number;
  point: LatLon;
  side: MatchSide;
  birthDate: string;
  fictional: boolean;
  hasPhoto: boolean;
}

let t: TestApp;
let siteId: number;
const rows: Row[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await newSite(t));
  const next = random(28);
  const genders: (Gender | null)[] = ['male', 'female', 'female', 'male', null];
  const sexualities: (Sexuality | null)[] = ['hetero', 'hetero', 'bi', 'gay', 'lesbian', null];
  const values: (typeof profiles.$inferInsert)[] = [];
  for (const centre of Object.values(PLACES)) {
    for (let i = 0; i < 260; i++) {
      // Denser near the centre, out to 400 km, in every direction.
      const km = 400 * next() ** 2;
      const bearing = 2 * Math.PI * next();
      const latitude = centre.latitude + (km * Math.cos(bearing)) / 111.32;
      let longitude = centre.longitude + (km * Math.sin(bearing)) / (111.32 * Math.cos((latitude * Math.PI) / 180));
      if (longitude > 180) longitude -= 360;
      if (longitude < -180) longitude += 360;
      const point = snapToCell({ latitude, longitude });
      values.push({
        siteId,
        name: 'P',
        gender: genders[Math.floor(next() * genders.length)]!,
        sexuality: sexualities[Math.floor(next() * sexualities.length)]!,
        birthDate: `${1950 + Math.floor(next() * 55)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`,
        country: 'GB',
        isFictional: next() < 0.3,
        latitude: point.latitude,
        longitude: point.longitude,
      });
    }
  }
  // A crowded cell two km from the centre of London: members who chose the city by name.
  const crowded = snapToCell({ latitude: 51.52, longitude: -0.1 });
  for (let i = 0; i < 60; i++) {
    values.push({
      siteId,
      name: 'C',
      gender: 'female',
      sexuality: 'hetero',
      birthDate: '1990-05-05',
      country: 'GB',
      isFictional: i % 5 === 0,
      ...crowded,
    });
  }
  const inserted = await t.database.db.insert(profiles).values(values).returning();
  for (const [i, row] of inserted.entries()) {
    const hasPhoto = i % 3 === 0;
    if (hasPhoto) await addPhoto(t.database.db, row.id);
    rows.push({
      id: row.id,
      point: { latitude: row.latitude!, longitude: row.longitude! },
      side: {
        gender: row.gender,
        seeking: seekingOf({ gender: row.gender, sexuality: row.sexuality, looking_for_gender: row.lookingForGender }),
      },
      birthDate: row.birthDate,
      fictional: row.isFictional,
      hasPhoto,
    });
  }
}, 120_000);
afterAll(() => t.close());

/** Whom `member` at `point` finds within `radiusKm` (all when none), nearest first, as the rule says. */
function expected(member: MatchSide, point: LatLon, bounds: ReturnType<typeof birthDateBounds>, radiusKm?: number) {
  return rows
    .filter((row) => isMutualMatch(member, row.side))
    .filter(
      (row) =>
        (bounds.bornOnOrBefore === undefined || row.birthDate <= bounds.bornOnOrBefore) &&
        (bounds.bornAfter === undefined || row.birthDate > bounds.bornAfter),
    )
    .map((row) => {
      const real = realKm(point, row.point);
      return { row, real, shown: row.fictional ? Math.max(real, FICTIONAL_MIN_DISTANCE_KM) : real };
    })
    .filter((r) => radiusKm === undefined || r.shown <= radiusKm)
    .sort((a, b) => a.shown - b.shown || a.real - b.real || Number(b.row.hasPhoto) - Number(a.row.hasPhoto) || b.row.id - a.row.id);
}

const members: [string, MatchSide][] = [
  ['a straight man', { gender: 'male', seeking: 'female' }],
  ['a woman looking for both', { gender: 'female', seeking: 'both' }],
];

describe('distances in SQL', () => {
  for (const [place, point] of Object.entries(PLACES)) {
    for (const [who, member] of members) {
      it(`counts and orders ${who} near ${place} as the reference does, for every radius`, async () => {
        const bounds = birthDateBounds(today, 25, 60);
        const filter = (radiusKm?: number): ProfileFilter => ({
          siteId,
          match: member,
          ...bounds,
          ...(radiusKm ? { within: { point, km: radiusKm } } : {}),
          excludeIds: [],
        });
        for (const radiusKm of [...RADIUS_CHOICES_KM, undefined]) {
          const want = expected(member, point, bounds, radiusKm);
          // No match may sit within a metre of the edge, where rounding could go either way.
          expect(want.some((r) => radiusKm !== undefined && Math.abs(r.shown - radiusKm) < 0.001)).toBe(false);
          const [counted] = await countQuery(t.database.db, filter(radiusKm), 10_000);
          if (radiusKm !== undefined) expect(counted!.count, `count within ${radiusKm} km`).toBe(want.length);
          for (const [limit, offset] of [
            [20, 0],
            [20, 20],
          ] as const) {
            // Every profile here has a location, so the page is the reference's order alone.
            const page = await pageIdsQuery(t.database.db, filter(radiusKm), limit, offset, point);
            expect(
              page.map((r) => r.id),
              `page at ${offset} within ${radiusKm ?? 'any'} km`,
            ).toEqual(want.slice(offset, offset + limit).map((r) => r.row.id));
          }
        }
      });
    }
  }
});
