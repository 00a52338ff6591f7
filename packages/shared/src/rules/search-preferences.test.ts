import { describe, expect, it } from 'vitest';
import { defaultSearchOf, type SearchPreferenceFacts } from './profiles';

const member = (overrides: Partial<SearchPreferenceFacts> = {}): SearchPreferenceFacts => ({
  gender: 'male',
  sexuality: 'hetero',
  age: 40,
  looking_for_gender: null,
  looking_for_min_age: null,
  looking_for_max_age: null,
  ...overrides,
});

describe('defaultSearchOf', () => {
  it('derives the gender from gender and orientation when none is stored', () => {
    expect(defaultSearchOf(member()).gender).toBe('female');
    expect(defaultSearchOf(member({ gender: 'female' })).gender).toBe('male');
    expect(defaultSearchOf(member({ sexuality: 'gay' })).gender).toBe('male');
    expect(defaultSearchOf(member({ gender: 'female', sexuality: 'lesbian' })).gender).toBe('female');
    expect(defaultSearchOf(member({ sexuality: 'bi' })).gender).toBe('');
  });

  it('searches everyone when gender or orientation is unknown', () => {
    expect(defaultSearchOf(member({ sexuality: null })).gender).toBe('');
    expect(defaultSearchOf(member({ gender: null })).gender).toBe('');
  });

  it('takes the own age ten years either way, within the search limits', () => {
    expect(defaultSearchOf(member())).toMatchObject({ min_age: 30, max_age: 50 });
    expect(defaultSearchOf(member({ age: 20 }))).toMatchObject({ min_age: 18, max_age: 30 });
    expect(defaultSearchOf(member({ age: 95 }))).toMatchObject({ min_age: 85, max_age: 99 });
  });

  it('prefers stored preferences over derived ones', () => {
    const stored = member({ looking_for_gender: 'both', looking_for_min_age: 25, looking_for_max_age: 35 });
    expect(defaultSearchOf(stored)).toEqual({ gender: '', min_age: 25, max_age: 35 });
    expect(defaultSearchOf(member({ sexuality: 'gay', looking_for_gender: 'female' })).gender).toBe('female');
  });

  it('never reverses the range when only one bound is stored', () => {
    expect(defaultSearchOf(member({ looking_for_min_age: 60 }))).toMatchObject({ min_age: 60, max_age: 60 });
    expect(defaultSearchOf(member({ looking_for_max_age: 22 }))).toMatchObject({ min_age: 22, max_age: 22 });
    expect(defaultSearchOf(member({ looking_for_min_age: 45 }))).toMatchObject({ min_age: 45, max_age: 50 });
  });
});
