import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError, ZInterests, ZRegions } from '@cupido/shared/contracts/contracts';
import { COUNTRY_CODES, REGION_LABEL_KIND } from '@cupido/shared/rules/countries';
import { INTEREST_IDS } from '@cupido/shared/rules/profile-options';
import { LOCALES } from '@cupido/shared/rules/locales';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CATALOGUES } from '../../i18n/translate';
import { slugifyRegionName, toRegions } from './regions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function interests(query: string, headers: Record<string, string> = {}) {
  const res = await get(`/api/interests.php${query}`, headers);
  expect(res.statusCode).toBe(200);
  return ZInterests.strict().parse(res.json()).interests;
}

describe('GET /api/interests.php', () => {
  it('lists every interest once, with its English name', async () => {
    const list = await interests('?locale=en');
    expect(list.map((i) => i.id).sort()).toEqual([...INTEREST_IDS].sort());
    expect(list.length).toBeGreaterThanOrEqual(50);
    expect(list).toContainEqual({ id: 'travelling', name: 'Travelling' });
    expect(list.every((i) => i.name !== '' && i.name !== `interests.${i.id}`)).toBe(true);
  });

  it('names the interests in the locale of the query, the cookie or the site', async () => {
    const name = (list: { id: string; name: string }[], id: string) => list.find((i) => i.id === id)?.name;
    expect(name(await interests('?locale=nl'), 'travelling')).toBe('Reizen');
    expect(name(await interests('?locale=de'), 'travelling')).toBe('Reisen');
    expect(name(await interests('', { cookie: 'i18n_redirected=pl' }), 'travelling')).toBe('Podróże');
    expect(name(await interests('?domain=nl.localhost'), 'cooking')).toBe('Koken');

    const english = new Map((await interests('?locale=en')).map((i) => [i.id, i.name]));
    for (const locale of ['nl', 'pl'] as const) {
      const translated = await interests(`?locale=${locale}`);
      const differing = translated.filter((i) => i.name !== english.get(i.id));
      // Loan words (Yoga, Golf, Karaoke...) may stay as they are; most names must not.
      expect(differing.length, locale).toBeGreaterThan(INTEREST_IDS.length * 0.7);
    }
  });

  it.each(LOCALES.map((l) => [l.code, l.iso] as const))("sorts the %s names by that language's collation", async (code, iso) => {
    const names = (await interests(`?locale=${code}`)).map((i) => i.name);
    expect(names).toEqual([...names].sort(new Intl.Collator(iso, { sensitivity: 'base' }).compare));
  });

  it('sorts accented initials among their letter, not after z', async () => {
    const names = (await interests('?locale=fr')).map((i) => i.name);
    expect(names.indexOf('Écriture')).toBeLessThan(names.indexOf('Festivals'));
    expect(names.indexOf('Écriture')).toBeGreaterThan(names.indexOf('Danse'));
  });

  it('has a name for every interest id in every catalogue', () => {
    for (const [code, catalogue] of Object.entries(CATALOGUES)) {
      const names = catalogue.interests as Record<string, string>;
      for (const id of INTEREST_IDS) expect(names[id]?.trim(), `${code}:${id}`).toBeTruthy();
      expect(Object.keys(names).sort(), code).toEqual([...INTEREST_IDS].sort());
    }
  });

  it('may be cached for a day', async () => {
    expect((await get('/api/interests.php')).headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('GET /api/regions.php', () => {
  async function regions(query = '') {
    const res = await get(`/api/regions.php${query}`);
    expect(res.statusCode).toBe(200);
    return ZRegions.strict().parse(res.json()).countries;
  }

  it('lists every served country with the label kind of spec section 3', async () => {
    const countries = await regions();
    expect(countries.map((c) => c.country).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const c of countries) expect(c.label, c.country).toBe(REGION_LABEL_KIND[c.country as keyof typeof REGION_LABEL_KIND]);
    const label = (code: string) => countries.find((c) => c.country === code)?.label;
    expect([label('NL'), label('PL'), label('DE'), label('CH'), label('GB'), label('US')]).toEqual([
      'province',
      'voivodeship',
      'state',
      'canton',
      'region',
      'state',
    ]);
  });

  it('gives every country regions with unique codes and names', async () => {
    for (const c of await regions()) {
      expect(c.regions.length, c.country).toBeGreaterThan(0);
      const codes = c.regions.map((r) => r.code);
      expect(new Set(codes).size, c.country).toBe(codes.length);
      expect(
        c.regions.every((r) => r.code !== '' && r.name.trim() !== ''),
        c.country,
      ).toBe(true);
    }
  });

  it('has the 12 Dutch provinces, 16 voivodeships, 26 cantons and 50+ US states', async () => {
    const countries = await regions();
    const of = (code: string) => countries.find((c) => c.country === code)!.regions;
    expect(of('NL').map((r) => r.name)).toEqual([
      'Drenthe',
      'Flevoland',
      'Friesland',
      'Gelderland',
      'Groningen',
      'Limburg',
      'Noord-Brabant',
      'Noord-Holland',
      'Overijssel',
      'Utrecht',
      'Zeeland',
      'Zuid-Holland',
    ]);
    expect(of('NL')).toContainEqual({ code: 'NH', name: 'Noord-Holland' });
    expect(of('PL')).toHaveLength(16);
    expect(of('CH')).toHaveLength(26);
    expect(of('DE')).toHaveLength(16);
    expect(of('US').length).toBeGreaterThanOrEqual(50);
    expect(of('US')).toContainEqual({ code: 'CA', name: 'California' });
  });

  it('narrows to one country, whatever the case of the code', async () => {
    for (const query of ['?country=nl', '?country=NL', '?country=%20Nl%20']) {
      const countries = await regions(query);
      expect(
        countries.map((c) => c.country),
        query,
      ).toEqual(['NL']);
      expect(countries[0]!.regions).toHaveLength(12);
    }
    const res = await get('/api/regions.php?country=pl');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers an unknown country with a translated 404', async () => {
    const res = await get('/api/regions.php?country=ZZ');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(ZApiError.parse(res.json()).error).toEqual({ code: 'unknown_country', message: 'We have no regions for this country.' });
    const dutch = (await get('/api/regions.php?country=xx&locale=nl')).json();
    expect(dutch.error.message).toBe("Voor dit land hebben we geen regio's.");
    const polish = (await get('/api/regions.php?country=JP', { cookie: 'i18n_redirected=pl' })).json();
    expect(polish.error.message).toBe('Nie mamy regionów dla tego kraju.');
  });

  it('refuses an over-long country parameter with a 400', async () => {
    expect((await get(`/api/regions.php?country=${'N'.repeat(40)}`)).statusCode).toBe(400);
  });
});

describe('region codes', () => {
  it('derives a stable code from the name where the package has none or repeats one', () => {
    expect(slugifyRegionName('Île-de-France')).toBe('ile-de-france');
    expect(slugifyRegionName('Łódzkie')).toBe('lodzkie');
    expect(slugifyRegionName("Provence-Alpes-Côte d'Azur")).toBe('provence-alpes-cote-d-azur');
    expect(
      toRegions(
        [
          ['Zeta', ''],
          ['Alpha', 'A'],
          ['Beta', 'A'],
          ['  ', 'X'],
        ],
        'en',
      ),
    ).toEqual([
      { code: 'A', name: 'Alpha' },
      { code: 'beta', name: 'Beta' },
      { code: 'zeta', name: 'Zeta' },
    ]);
  });
});

describe('OpenAPI', () => {
  it('lists both reference-data calls', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/interests.php', '/api/regions.php']));
    const params = doc.paths['/api/regions.php'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toContain('country');
  });
});
