import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { distanceInUnit } from '@cupido/shared/rules/matching';
import { routePath } from '@cupido/shared/rules/routes';
import { useDistanceUnit, useNumberFormat } from '../../profile-cards/distance-and-activity';
import { PROFILES_NS } from '../profiles-texts';
import { RADIUS_VALUES } from './search-params';

/**
 * What the member may do with the distance filter (issue 28): choose a radius (their own profile
 * has a location to measure from), be told how to get one (it has none), or nothing (a visitor,
 * or while the own profile is still loading).
 */
export type DistanceFilterState = 'radius' | 'needs-location' | null;

/**
 * A radius in words, in the unit the member reads distances in. The radius itself is always km
 * (the choices, the URL and search.php). Where the member reads miles, an option names both:
 * "Within 31 miles (50 km)" - the miles are distanceInUnit's figure, the same rounding the cards
 * use, so a card "about 31 miles away" is inside "Within 31 miles", and the km in brackets is
 * what is searched, so a rounded figure never hides the real limit. The summary says only the miles.
 */
export function useRadiusWords(): { option: (km: string) => string; summary: (km: string) => string } {
  const { t } = useTranslation(PROFILES_NS);
  const unit = useDistanceUnit();
  const format = useNumberFormat();
  const words = (km: string, kmKey: string, milesKey: string) => {
    const value = Number(km);
    if (unit === 'km') return t(kmKey, { number: format(value) });
    const miles = distanceInUnit(value, 'mi');
    return t(milesKey, { count: miles, number: format(miles), km: format(value) });
  };
  return {
    option: (km) => words(km, 'search.radiusKm', 'search.radiusMiles'),
    summary: (km) => words(km, 'search.summaryRadiusKm', 'search.summaryRadiusMiles'),
  };
}

/** The radius choices of the filter form, anywhere first. */
export function useRadiusOptions(): { value: string; label: string }[] {
  const { option } = useRadiusWords();
  return RADIUS_VALUES.map((km) => ({ value: km, label: option(km) }));
}

/** In the distance filter's place for a member without a location: why there is none, and where to set one. */
export function LocationHint({ className }: { className: string }) {
  const { t } = useTranslation(PROFILES_NS);
  return (
    <div id="search-radius-hint" className={className}>
      <p className="form-label mb-1">{t('search.distance')}</p>
      <p className="small text-body-secondary mb-0">
        {t('search.locationHint')}{' '}
        <Link id="search-radius-location-link" to={routePath('profile')}>
          {t('search.locationLink')}
        </Link>
      </p>
    </div>
  );
}
