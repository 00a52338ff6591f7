import { describe, expect, it } from 'vitest';
import { searchReturnState } from './search-return';
import { chosenSearchParams, hasExplicitSearch } from './search-defaults';
import { EMPTY_FILTERS } from './search-params';

describe('searchReturnState', () => {
  it('takes the search URL on /members and passes it on from a profile page', () => {
    expect(searchReturnState({ pathname: '/members', search: '?gender=male&page=3', state: null })).toEqual({
      searchUrl: '/members?gender=male&page=3',
    });
    expect(searchReturnState({ pathname: '/members/7', search: '', state: { searchUrl: '/members?page=2' } })).toEqual({
      searchUrl: '/members?page=2',
    });
  });

  it('passes on nothing but a member-search path', () => {
    expect(searchReturnState({ pathname: '/members/7', search: '', state: { searchUrl: 'https://evil.example/members' } })).toBeUndefined();
    expect(searchReturnState({ pathname: '/members/7', search: '', state: { searchUrl: '/membersx' } })).toBeUndefined();
    expect(searchReturnState({ pathname: '/likes', search: '', state: null })).toBeUndefined();
  });
});

describe('search URL of a member', () => {
  it('marks a search for everyone, which counts as a search in the URL', () => {
    expect(chosenSearchParams(EMPTY_FILTERS, 1, true).toString()).toBe('all=1');
    expect(chosenSearchParams(EMPTY_FILTERS, 1, false).toString()).toBe('');
    expect(chosenSearchParams({ ...EMPTY_FILTERS, gender: 'female' }, 2, true).toString()).toBe('gender=female&page=2');
    expect(hasExplicitSearch(new URLSearchParams('all=1'))).toBe(true);
    expect(hasExplicitSearch(new URLSearchParams('radius=25'))).toBe(true);
    expect(hasExplicitSearch(new URLSearchParams('reactivated=1'))).toBe(false);
  });
});
