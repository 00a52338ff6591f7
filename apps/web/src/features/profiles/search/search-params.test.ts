import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersFromParams, offeredFields, pageCount, pageFromParams, searchParamsOf, trackingQuery } from './search-params';

const ALL = offeredFields(['gender', 'country', 'countryregion', 'min_age', 'max_age']);

describe('search state in the URL', () => {
  it('offers only the site search_fields, in the product order, ignoring unknown names', () => {
    expect(offeredFields(['max_age', 'gender', 'shoe_size'])).toEqual(['gender', 'max_age']);
  });

  it('reads the offered filters and drops a region without its country', () => {
    const params = new URLSearchParams('gender=female&countryregion=NH&min_age=25&colour=red');
    expect(filtersFromParams(params, ALL)).toEqual({ ...EMPTY_FILTERS, gender: 'female', min_age: '25' });
    expect(filtersFromParams(new URLSearchParams('gender=male&max_age=40'), offeredFields(['max_age']))).toEqual({
      ...EMPTY_FILTERS,
      max_age: '40',
    });
  });

  it('writes only the filters in use, and the page when past the first', () => {
    expect(searchParamsOf({ ...EMPTY_FILTERS, country: 'NL', countryregion: 'NH', max_age: '40' }, 3).toString()).toBe(
      'country=NL&countryregion=NH&max_age=40&page=3',
    );
    expect(searchParamsOf({ ...EMPTY_FILTERS, countryregion: 'NH' }, 1).toString()).toBe('');
  });

  it('reads and writes the radius (km) only where it can apply, and only from the list', () => {
    const params = new URLSearchParams('gender=male&radius=50');
    expect(filtersFromParams(params, ALL, true)).toEqual({ ...EMPTY_FILTERS, gender: 'male', radius: '50' });
    // No location to measure from (or a visitor): the radius is dropped, never sent.
    expect(filtersFromParams(params, ALL)).toEqual({ ...EMPTY_FILTERS, gender: 'male' });
    for (const bad of ['30', '50.0', '-10', 'far', ''])
      expect(filtersFromParams(new URLSearchParams({ radius: bad }), ALL, true).radius).toBe('');
    expect(searchParamsOf({ ...EMPTY_FILTERS, gender: 'male', max_age: '48', radius: '100' }, 2).toString()).toBe(
      'gender=male&max_age=48&radius=100&page=2',
    );
  });

  it('reads the page as a whole number within what the server serves', () => {
    expect(pageFromParams(new URLSearchParams('page=4'))).toBe(4);
    for (const bad of ['0', '-2', 'two', '2.5', '501', '']) expect(pageFromParams(new URLSearchParams({ page: bad }))).toBe(1);
  });

  it('counts pages, never past the last one the server serves', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(1_000_000, 20)).toBe(500);
  });

  it('sends a visitor traffic source as the server reads it', () => {
    const storage = { getItem: () => JSON.stringify({ network: 'adnet', aff_sub: 'x', email: 'a@b.c', sub2: 's2' }) };
    expect(trackingQuery(storage)).toEqual({ network: 'adnet', sub2: 's2' });
  });
});
