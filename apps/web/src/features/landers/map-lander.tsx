import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@cupido/shared/rules/locales';
import { useLocale } from '../locale/use-locale';
import { useSettings } from '../site/use-settings';
import { useLanderMembers } from './lander-calls';
import type { LanderProps } from './lander-props';
import { FeaturedMember, LanderHero, MemberGrid, MembersHiddenNote } from './lander-parts';
import { LANDERS_NS } from './landers-texts';

/** The visitor's country when the site serves it (the detected or chosen one), else none. */
function visitorCountry(settings: {
  countries: readonly string[];
  geoip_selected_country: string | null;
  geoip_country: string | null;
}): string | null {
  return (
    [settings.geoip_selected_country, settings.geoip_country].find((code): code is string => !!code && settings.countries.includes(code)) ??
    null
  );
}

/**
 * maplanding: members near the visitor, as a list of the places they live in (the search's own
 * cities, counted); no map tiles from elsewhere, no location asked.
 */
export function MapLander(props: LanderProps) {
  const { t } = useTranslation(LANDERS_NS);
  const settings = useSettings();
  const { locale } = useLocale();
  const country = visitorCountry(settings);
  const members = useLanderMembers(country);
  const countryName = useMemo(() => {
    if (!country) return null;
    try {
      return new Intl.DisplayNames([LOCALES.find((l) => l.code === locale)?.iso ?? locale], { type: 'region' }).of(country) ?? null;
    } catch {
      return null;
    }
  }, [country, locale]);
  const places = useMemo(() => {
    const counts = new Map<string, number>();
    for (const profile of members.profiles) if (profile.city) counts.set(profile.city, (counts.get(profile.city) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8);
  }, [members.profiles]);
  return (
    <>
      <LanderHero
        {...props}
        before={
          <svg className="lander-pin mb-2" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
            <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Zm0-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
          </svg>
        }
      >
        {countryName && (
          <p className="h5 mb-3" id="lander-region">
            {t('maplanding.headlineIn', { country: countryName })}
          </p>
        )}
      </LanderHero>
      {members.loading && (
        // The list's room while the members load: the cards below do not move when it arrives.
        <div className="container pb-2 lander-places-placeholder placeholder-pulse" aria-hidden="true">
          <span className="placeholder-shape d-block mx-auto" />
        </div>
      )}
      {places.length > 0 && (
        <section className="container pb-2" aria-labelledby="lander-places-heading">
          <h2 id="lander-places-heading" className="h5 text-center mb-3">
            {t('maplanding.regions')}
          </h2>
          <ul className="lander-places list-unstyled d-flex flex-wrap justify-content-center gap-2 mb-0" id="lander-places">
            {places.map(([city, count]) => (
              <li key={city} className="lander-places__place">
                <span className="fw-semibold">{city}</span> <span className="text-body-secondary">{t('maplanding.count', { count })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <FeaturedMember profile={props.featured ?? null} />
      <MemberGrid profiles={members.profiles} loading={members.loading} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}
