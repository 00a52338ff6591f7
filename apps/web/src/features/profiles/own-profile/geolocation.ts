import { useEffect, useState } from 'react';
import { GEOLOCATION_MAXIMUM_AGE_MS } from '@cupido/shared/rules/constants';

/** Spec section 3: the geolocation permission as the app tracks it, live. */
export type GeoPermission = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'unknown';

type GeoNavigator = { geolocation?: Geolocation; permissions?: Permissions };

const currentNavigator = (): GeoNavigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/** A position may be up to an hour old (spec section 9); past 30 s without one, locating failed. */
export const POSITION_OPTIONS: PositionOptions = { maximumAge: GEOLOCATION_MAXIMUM_AGE_MS, timeout: 30_000, enableHighAccuracy: false };

function toPermission(state: string): GeoPermission {
  return state === 'granted' || state === 'denied' || state === 'prompt' ? state : 'unknown';
}

/**
 * The geolocation permission, kept up to date while the page is open (the member may allow or
 * block it in the browser meanwhile): 'unsupported' without the Geolocation API, 'unknown' when
 * the browser cannot tell (no Permissions API, or it refuses the query).
 */
export function useGeolocationPermission(): GeoPermission {
  const [permission, setPermission] = useState<GeoPermission>(() => (currentNavigator()?.geolocation ? 'unknown' : 'unsupported'));
  useEffect(() => {
    const nav = currentNavigator();
    if (!nav?.geolocation || typeof nav.permissions?.query !== 'function') return;
    let status: PermissionStatus | null = null;
    let stopped = false;
    const update = () => {
      if (status && !stopped) setPermission(toPermission(status.state));
    };
    nav.permissions.query({ name: 'geolocation' }).then(
      (answer) => {
        if (stopped) return;
        status = answer;
        update();
        answer.addEventListener('change', update);
      },
      () => {
        // Some browsers refuse to answer for geolocation: the state stays 'unknown'.
      },
    );
    return () => {
      stopped = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return permission;
}

/** The member's position, at most an hour old. Rejects with the browser's GeolocationPositionError. */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    const geolocation = currentNavigator()?.geolocation;
    if (!geolocation) {
      reject(new Error('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(resolve, reject, POSITION_OPTIONS);
  });
}

/** GeolocationPositionError.PERMISSION_DENIED, without relying on the class being global. */
export function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 1;
}
