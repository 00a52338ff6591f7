import { describe, expect, it } from 'vitest';
import { GENERIC_ICEBREAKERS, ICEBREAKER_COUNT, pickIcebreakers } from './icebreakers';
import en from './texts/en.json';

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
