import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import { LOCALES } from '@cupido/shared/rules/locales';
import { distanceInUnit, distanceUnitFor, type Activity, type DistanceUnit } from '@cupido/shared/rules/matching';
import { numberFormat } from '../../i18n/intl-formats';
import { useLocale } from '../locale/use-locale';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { PROFILE_CARDS_NS, ProfileCardsTexts } from './profile-cards-texts';
import './profile-cards.scss';

/**
 * The country whose unit the viewer reads distances in: a member's own profile country; for a
 * visitor the country they chose or were located in, else the site's first country.
 */
export function viewerCountry(
  user: TUser | null,
  settings: Pick<TSettings, 'geoip_selected_country' | 'geoip_country' | 'countries'>,
): string | null {
  return user?.profile.country ?? settings.geoip_selected_country ?? settings.geoip_country ?? settings.countries[0] ?? null;
}

/** Miles for a viewer in the United States or the United Kingdom, km elsewhere (issue 28). */
export function useDistanceUnit(): DistanceUnit {
  const { user } = useSession();
  const settings = useSettings();
  return distanceUnitFor(viewerCountry(user, settings));
}

/** Whole numbers in the member's notation (1,250 or 1.250). */
export function useNumberFormat(): (value: number) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    const format = numberFormat(LOCALES.find((l) => l.code === locale)?.iso ?? locale, { maximumFractionDigits: 0 });
    return (value: number) => format.format(value);
  }, [locale]);
}

/** "about 12 km away" / "about 8 miles away" in the viewer's unit and language, plural forms included. */
export function useDistanceText(): (km: number) => string {
  const { t } = useTranslation(PROFILE_CARDS_NS);
  const unit = useDistanceUnit();
  const format = useNumberFormat();
  return (km) => {
    const amount = distanceInUnit(km, unit);
    // "km" is an abbreviation that no language inflects; miles take the plural forms.
    return unit === 'km' ? t('distance.km', { number: format(amount) }) : t('distance.mi', { count: amount, number: format(amount) });
  };
}

/**
 * "Online now" or "Active today": a dot (filled when online, a ring when active today) and the
 * words themselves, so the mark never rests on colour alone.
 */
export function ActivityMark({ activity, className = '' }: { activity: Activity; className?: string }) {
  const { t } = useTranslation(PROFILE_CARDS_NS);
  return (
    <span className={`activity-mark activity-mark--${activity} ${className}`} data-activity={activity}>
      <span className="activity-mark__dot" aria-hidden="true" />
      {t(`activity.${activity}`)}
    </span>
  );
}

function DistanceText({ km }: { km: number }) {
  return <>{useDistanceText()(km)}</>;
}

export interface DistanceAndActivityProps {
  distanceKm?: number;
  activity?: Activity;
  id?: string;
  className?: string;
  /** Each on its own line (narrow cards), or side by side (the profile page). */
  stacked?: boolean;
}

/**
 * How far away a profile is and whether it is active, as the server gave them: nothing for a
 * field it left out (no location on either side, activity hidden or none).
 */
export function DistanceAndActivity({ distanceKm, activity, id, className = '', stacked = false }: DistanceAndActivityProps) {
  if (distanceKm === undefined && !activity) return null;
  return (
    <ProfileCardsTexts>
      <div id={id} className={`distance-activity${stacked ? ' distance-activity--stacked' : ''} ${className}`}>
        {distanceKm !== undefined && (
          <span className="distance-activity__distance" data-distance-km={distanceKm}>
            <DistanceText km={distanceKm} />
          </span>
        )}
        {activity && <ActivityMark activity={activity} />}
      </div>
    </ProfileCardsTexts>
  );
}
