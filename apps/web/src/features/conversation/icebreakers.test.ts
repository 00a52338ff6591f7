import { describe, expect, it } from 'vitest';
import { replyViolations } from '@cupido/shared/rules/operator-guardrails';
import { GENERIC_ICEBREAKERS, ICEBREAKER_COUNT, MEETING_ICEBREAKERS, pickIcebreakers } from './icebreakers';
import de from './texts/de.json';
import en from './texts/en.json';
import es from './texts/es.json';
import fr from './texts/fr.json';
import italian from './texts/it.json';
import nl from './texts/nl.json';
import pl from './texts/pl.json';

const texts = { en, nl, de, it: italian, fr, es, pl };

const keysOf = (list: { key: string }[]) => list.map((item) => item.key);

describe('pickIcebreakers', () => {
  it('offers six openers: two about different interests, one about the city, generic ones after', () => {
    const list = pickIcebreakers({ name: 'Bram', interests: ['Cooking', 'Music', 'Hiking'], city: 'Utrecht', region: 'Utrecht', seed: 42 });
    expect(list).toHaveLength(ICEBREAKER_COUNT);
    const [first, second, third, ...rest] = list;
    expect(first!.key).toMatch(/^interest\./);
    expect(second!.key).toMatch(/^interest\./);
    expect(first!.key).not.toBe(second!.key); // another wording for each interest
    expect(first!.values.interest).not.toBe(second!.values.interest);
    expect(['Cooking', 'Music', 'Hiking']).toEqual(expect.arrayContaining([first!.values.interest, second!.values.interest]));
    expect(third).toEqual({ key: expect.stringMatching(/^place\.city/), values: { place: 'Utrecht' } });
    expect(rest.every((item) => item.key.startsWith('generic.'))).toBe(true);
    expect(new Set(keysOf(list)).size).toBe(ICEBREAKER_COUNT); // no opener twice
  });

  it('uses the region when no city is known, and fills up with generic openers without interests', () => {
    const list = pickIcebreakers({ name: 'Eva', interests: [], city: ' ', region: 'Bayern', seed: 1 });
    expect(list[0]).toEqual({ key: 'place.region', values: { place: 'Bayern' } });
    expect(list.slice(1).every((item) => item.key.startsWith('generic.') && item.values.name === 'Eva')).toBe(true);
    expect(list).toHaveLength(ICEBREAKER_COUNT);
  });

  it('gives the same list for the same seed, and another for another partner', () => {
    const input = { name: 'Bram', interests: ['Cooking', 'Music', 'Hiking', 'Wine'], city: 'Utrecht', seed: 7 };
    expect(pickIcebreakers(input)).toEqual(pickIcebreakers(input));
    const lists = new Set([1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(pickIcebreakers({ ...input, seed }))));
    expect(lists.size).toBeGreaterThan(1);
  });

  it('counts an interest once however often it is listed, and never offers more than there are', () => {
    const list = pickIcebreakers({ name: 'Bo', interests: ['Yoga', 'Yoga '], seed: 3, count: 20 });
    expect(list.filter((item) => item.key.startsWith('interest.'))).toHaveLength(1);
    expect(list).toHaveLength(1 + GENERIC_ICEBREAKERS.length);
  });

  it('names only texts that exist in the catalogue', () => {
    const texts = en.icebreakers as unknown as Record<string, Record<string, string> | undefined>;
    for (let seed = 0; seed < 30; seed++) {
      for (const { key } of pickIcebreakers({ name: 'A', interests: ['X', 'Y', 'Z'], city: seed % 2 ? 'C' : null, region: 'R', seed })) {
        const [group, name] = key.split('.');
        expect(texts[group!]?.[name!], key).toEqual(expect.any(String));
      }
    }
  });
});

describe('icebreakers to a fictional profile (issue 29)', () => {
  const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
  const catalogues = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      (texts as unknown as Record<string, { icebreakers: Record<string, Record<string, string>> }>)[locale]!.icebreakers,
    ]),
  );
  /** The opener as the modal shows it: the catalogue's text with its values filled in. */
  const shown = (locale: string, key: string, values: Record<string, string>) => {
    const [group, name] = key.split('.');
    const text = catalogues[locale]![group!]![name!]!;
    return text.replace(/\{\{(\w+)\}\}/g, (_, field: string) => values[field] ?? '');
  };
  const inputs = (seed: number) => ({
    name: 'Lena',
    interests: seed % 3 === 0 ? [] : ['Music', 'Travelling', 'Cooking'],
    city: seed % 2 === 0 ? 'Utrecht' : null,
    region: seed % 5 === 0 ? null : 'Bayern',
    seed,
    count: seed % 4 === 0 ? 20 : undefined,
  });

  it('never offers an opener that the operator guardrails’ meeting rule flags, in any of the seven languages', () => {
    let judged = 0;
    for (let seed = 0; seed < 200; seed++) {
      for (const { key, values } of pickIcebreakers({ ...inputs(seed), fictional: true })) {
        for (const locale of LOCALES) {
          const text = shown(locale, key, values);
          expect(
            replyViolations(text).filter((violation) => violation.rule === 'meeting'),
            `${locale} ${key}: ${text}`,
          ).toEqual([]);
          judged += 1;
        }
      }
    }
    expect(judged).toBeGreaterThan(1_000);
  });

  it('leaves out the openers that lead towards meeting (a first date, coming to their city); a real member is still offered them', () => {
    const offered = (fictional: boolean) =>
      new Set(Array.from({ length: 200 }, (_, seed) => pickIcebreakers({ ...inputs(seed), fictional }).map(({ key }) => key)).flat());
    for (const key of MEETING_ICEBREAKERS) {
      expect(offered(false).has(key), key).toBe(true);
      expect(offered(true).has(key), key).toBe(false);
    }
    // "Coffee, a walk or dinner: what's your idea of a good first date?" is what a member saw under "You cannot meet them in person".
    expect(MEETING_ICEBREAKERS).toContain('generic.firstDate');
    // Six openers all the same, the city asked about the other way.
    const list = pickIcebreakers({ name: 'Lena', interests: [], city: 'Utrecht', seed: 11, fictional: true });
    expect(list).toHaveLength(ICEBREAKER_COUNT);
    expect(list.find((item) => item.key.startsWith('place.'))).toEqual({ key: 'place.cityFavourite', values: { place: 'Utrecht' } });
  });
});
