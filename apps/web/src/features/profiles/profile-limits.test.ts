import { describe, expect, it } from 'vitest';
import * as photos from '@cupido/shared/photos';
import * as profiles from '@cupido/shared/profiles';
import * as limits from './profile-limits';

describe('profile limits of the web app', () => {
  it('equal the shared contracts, value by value', () => {
    expect({
      CITY_MAX_LENGTH: limits.CITY_MAX_LENGTH,
      ABOUT_MAX_LENGTH: limits.ABOUT_MAX_LENGTH,
      MAX_INTERESTS: limits.MAX_INTERESTS,
      SEARCH_MIN_AGE: limits.SEARCH_MIN_AGE,
      SEARCH_MAX_AGE: limits.SEARCH_MAX_AGE,
      SEARCH_MAX_PAGE: limits.SEARCH_MAX_PAGE,
      SEARCH_FIELDS: limits.SEARCH_FIELDS,
      TRACKING_QUERY_PARAMS: limits.TRACKING_QUERY_PARAMS,
    }).toEqual({
      CITY_MAX_LENGTH: profiles.CITY_MAX_LENGTH,
      ABOUT_MAX_LENGTH: profiles.ABOUT_MAX_LENGTH,
      MAX_INTERESTS: profiles.MAX_INTERESTS,
      SEARCH_MIN_AGE: profiles.SEARCH_MIN_AGE,
      SEARCH_MAX_AGE: profiles.SEARCH_MAX_AGE,
      SEARCH_MAX_PAGE: profiles.SEARCH_MAX_PAGE,
      SEARCH_FIELDS: profiles.SEARCH_FIELDS,
      TRACKING_QUERY_PARAMS: profiles.TRACKING_QUERY_PARAMS,
    });
    expect([limits.PHOTO_UPLOAD_FIELD, limits.PHOTO_MAX_BYTES, limits.PHOTO_ACCEPT]).toEqual([
      photos.PHOTO_UPLOAD_FIELD,
      photos.PHOTO_MAX_BYTES,
      photos.PHOTO_ACCEPT,
    ]);
    for (const paid of [false, true]) expect(limits.photoLimit(paid)).toBe(photos.photoLimit(paid));
  });
});
