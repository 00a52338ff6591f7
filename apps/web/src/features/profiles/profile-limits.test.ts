import { describe, expect, it } from 'vitest';
import * as profiles from '@cupido/shared/contracts/profiles';
import { TRACKING_QUERY_PARAMS } from './profile-limits';

describe('profile limits of the web app', () => {
  it('send search.php and member.php exactly the traffic-source parameters their contracts read', () => {
    // The web's list lives with the tracking code of the initial bundle, which must not import zod.
    expect(TRACKING_QUERY_PARAMS).toEqual(profiles.TRACKING_QUERY_PARAMS);
  });
});
