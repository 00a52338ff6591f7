import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TGeocodeAnswer } from '@cupido/shared/contracts/profiles';
import { ApiError } from '../../../api/client';
import { GEOCODE_QUERY_KEY, reverseGeocode, type GeocodeResult } from '../profile-calls';
import { PROFILES_NS } from '../profiles-texts';
import { currentPosition, isPermissionDenied, useGeolocationPermission } from './geolocation';

/** What the form did with a place: filled in, or not one of the site's countries. */
export type PlaceOutcome = { filled: true; place: string } | { filled: false; country: string };

type ButtonState =
  | { kind: 'idle' }
  | { kind: 'active' }
  | { kind: 'error'; message: string; denied?: boolean }
  | { kind: 'done'; message: string; warning: boolean };

/**
 * The location settings' geolocation button (spec section 2: states active and error; the
 * permission tracked live): the browser's position, at most an hour old, reverse geocoded by
 * GET /api/geocode.php into country, region and city for the form (`onPlace`, with the point,
 * which the save sends as the member's location: the server keeps only its ~1 km cell, decision
 * 036). The result is kept for the rest of the visit; a failure is kept as false (spec section 7).
 */
export function GeolocationButton({
  onPlace,
}: {
  onPlace: (place: TGeocodeAnswer, point: { latitude: number; longitude: number }) => PlaceOutcome;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const queryClient = useQueryClient();
  const permission = useGeolocationPermission();
  const [state, setState] = useState<ButtonState>({ kind: 'idle' });
  const store = (result: GeocodeResult) => queryClient.setQueryData(GEOCODE_QUERY_KEY, result);

  const locate = async () => {
    setState({ kind: 'active' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (error) {
      store(false);
      const denied = isPermissionDenied(error);
      setState({ kind: 'error', denied, message: t(denied ? 'geo.errors.denied' : 'geo.errors.unavailable') });
      return;
    }
    try {
      const { latitude, longitude } = position.coords;
      const place = await reverseGeocode(latitude, longitude);
      store(place);
      const outcome = onPlace(place, { latitude, longitude });
      setState(
        outcome.filled
          ? { kind: 'done', warning: false, message: t('geo.filled', { place: outcome.place }) }
          : { kind: 'done', warning: true, message: t('geo.notServed', { country: outcome.country }) },
      );
    } catch (error) {
      store(false);
      // The server's own words when it answered (no place there), else a general failure.
      const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('geo.errors.geocode');
      setState({ kind: 'error', message });
    }
  };

  if (permission === 'unsupported') {
    return (
      <p id="geolocation-unsupported" className="form-text" data-permission={permission}>
        {t('geo.unsupported')}
      </p>
    );
  }

  const active = state.kind === 'active';
  // A refusal is said once: by its error, not also by the permission note (which turns 'denied' too).
  const deniedShown = state.kind === 'error' && state.denied;
  return (
    <div className="mb-3" id="geolocation" data-permission={permission} data-state={state.kind}>
      <button
        id="geolocation-button"
        type="button"
        className="btn btn-outline-primary"
        onClick={() => void locate()}
        disabled={active}
        aria-describedby={deniedShown ? 'geolocation-error' : 'geolocation-help'}
      >
        {active ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('geo.active')}
          </>
        ) : (
          t('geo.button')
        )}
      </button>
      {!deniedShown && (
        <div id="geolocation-help" className="form-text">
          {permission === 'denied' ? t('geo.blocked') : permission === 'granted' ? t('geo.granted') : t('geo.prompt')}
        </div>
      )}
      <div aria-live="polite">
        {state.kind === 'error' && (
          <div id="geolocation-error" className="alert alert-warning py-2 mt-2 mb-0" role="alert">
            {state.message}
          </div>
        )}
        {state.kind === 'done' && (
          <div id="geolocation-result" className={`alert ${state.warning ? 'alert-warning' : 'alert-success'} py-2 mt-2 mb-0`}>
            {state.message}
          </div>
        )}
      </div>
    </div>
  );
}
