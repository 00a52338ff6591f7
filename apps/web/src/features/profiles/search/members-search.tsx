import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LOCALES } from '@cupido/shared/rules/locales';
import type { TProfileCard, TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { numberFormat } from '../../../i18n/intl-formats';
import { ServerError } from '../../session/server-error';
import { useLocale } from '../../locale/use-locale';
import { useSession } from '../../session/use-session';
import { useSettings } from '../../site/use-settings';
import { CardLikeState, LikeButton } from '../../likes';
import { ProfileCard } from '../../profile-cards/profile-card';
import { PROFILE_GRID_CLASS, ProfileCardPlaceholders } from '../../profile-cards/card-placeholders';
import { useOwnProfile, useSearch } from '../profile-calls';
import { PROFILES_NS } from '../profiles-texts';
import { FiltersPanel } from './filters-panel';
import type { DistanceFilterState } from './radius-filter';
import { chosenSearchParams } from './search-defaults';
import { searchReturnState } from './search-return';
import { filtersFromParams, offeredFields, pageCount, pageFromParams, searchApiQuery, type SearchFilters } from './search-params';
import { useDefaultSearch } from './use-default-search';
import { PROMO_TILE_AFTER_CARDS } from '@cupido/shared/rules/promotions';
import type { TPublicPromoTile } from '@cupido/shared/contracts/promotions';
import { PromoTile, promoPositions } from '../../promotions/promo-tile';
import { usePromoTiles } from '../../promotions/promotion-calls';

function CardGrid({ profiles, id, tiles = [] }: { profiles: TProfileCard[]; id: string; tiles?: TPublicPromoTile[] }) {
  const location = useLocation();
  const { loggedIn } = useSession();
  // Promo tiles (issue 31) among the cards: one after every PROMO_TILE_AFTER_CARDS, or at the end.
  const positions = promoPositions(profiles.length, tiles.length, PROMO_TILE_AFTER_CARDS);
  const tilesBefore = (index: number) =>
    tiles
      .filter((_, i) => positions[i] === index)
      .map((tile) => (
        <li key={`promo-${tile.kind}`} className="col">
          <PromoTile tile={tile} />
        </li>
      ));
  return (
    <ul id={id} className={PROFILE_GRID_CLASS}>
      {profiles.map((profile, index) => [
        ...tilesBefore(index),
        <li key={profile.id} className="col">
          {/* The first row is above the fold on a phone: no lazy loading there (LCP). */}
          <ProfileCard
            profile={profile}
            eager={index < 2}
            linkState={searchReturnState(location)}
            action={loggedIn && <LikeButton compact profileId={profile.id} name={profile.name} source="search" />}
            footer={loggedIn && <CardLikeState profileId={profile.id} />}
          />
        </li>,
      ])}
      {tilesBefore(profiles.length)}
    </ul>
  );
}

/** The number of matches in the member's notation; '10,000+' when the server stopped counting. */
function useFoundCount(answer: TSearchAnswer | undefined): string {
  const { locale } = useLocale();
  if (!answer) return '';
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
  const number = numberFormat(iso).format(answer.numResults);
  return answer.results_capped ? `${number}+` : number;
}

/** A new page starts at its top, as a page load would. */
const toTop = () => window.scrollTo({ top: 0 });

function Pager({ filters, page, pages }: { filters: SearchFilters; page: number; pages: number }) {
  const { t } = useTranslation(PROFILES_NS);
  const { loggedIn } = useSession();
  if (pages <= 1) return null;
  // Page 1 of a member's search for everyone keeps its marker, or the defaults would come back.
  const href = (to: number) => `?${chosenSearchParams(filters, to, loggedIn).toString()}`;
  return (
    <nav aria-label={t('search.pagination')} className="d-flex align-items-center justify-content-center gap-3 mt-4">
      {page > 1 ? (
        <Link id="search-previous" className="btn btn-outline-primary" to={href(page - 1)} rel="prev" onClick={toTop}>
          {t('search.previous')}
        </Link>
      ) : (
        <span className="btn btn-outline-secondary disabled" aria-disabled="true">
          {t('search.previous')}
        </span>
      )}
      <span id="search-page" aria-current="page">
        {t('search.page', { page, pages })}
      </span>
      {page < pages ? (
        <Link id="search-next" className="btn btn-outline-primary" to={href(page + 1)} rel="next" onClick={toTop}>
          {t('search.next')}
        </Link>
      ) : (
        <span className="btn btn-outline-secondary disabled" aria-disabled="true">
          {t('search.next')}
        </span>
      )}
    </nav>
  );
}

/**
 * The radius filter needs a location to measure from (search.php refuses it otherwise): members
 * whose own profile has one get it; members without one a hint to set it; visitors neither.
 * `waiting`: a radius in the URL waits for the own profile (usually cached), so a search never
 * goes out first without it, or with one the member cannot use.
 */
function useDistanceFilter(params: URLSearchParams): { state: DistanceFilterState; located: boolean; waiting: boolean } {
  const { loggedIn } = useSession();
  const own = useOwnProfile(loggedIn);
  const located = !!own.data?.location;
  const state: DistanceFilterState = !own.data ? null : located ? 'radius' : 'needs-location';
  return { state, located, waiting: loggedIn && params.has('radius') && own.isPending };
}

/**
 * Member search (spec sections 2-4): the site's filters and the radius, kept in the URL with the
 * page; results as cards with the total, paging, and similar profiles when few match. The server
 * sorts them nearest first (issue 28): no sorting here.
 */
export function MembersSearch() {
  const { t } = useTranslation(PROFILES_NS);
  const settings = useSettings();
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const offered = offeredFields(settings.search_fields);
  const applyingDefaults = useDefaultSearch(offered);
  const distance = useDistanceFilter(params);
  const filters = filtersFromParams(params, offered, distance.located);
  const page = pageFromParams(params);
  const search = useSearch(searchApiQuery(filters, page, loggedIn), !applyingDefaults && !distance.waiting);
  // The cards render in a transition (time-sliced, yielding to the browser every few
  // milliseconds) rather than in the synchronous render that the query's arrival starts: on a
  // phone the grid is the page's longest piece of work, and one long task blocks input (TBT).
  const answer = useDeferredValue(search.data);
  // The cards on screen are not the answer to the filters and page in the URL yet: the previous
  // page's while the new one loads, or the new answer's before its deferred render.
  const stale = search.isPlaceholderData || answer !== search.data;
  const pages = answer ? pageCount(answer.numResults, answer.per_page) : 1;
  const found = useFoundCount(answer);
  const promoTiles = usePromoTiles(!!answer);

  const onSearch = (next: SearchFilters) => setParams(chosenSearchParams(next, 1, loggedIn));

  if (applyingDefaults) return <ProfileCardPlaceholders id="search-placeholders" />;
  return (
    <>
      {(offered.length > 0 || distance.state) && (
        <FiltersPanel offered={offered} distance={distance.state} filters={filters} onSearch={onSearch} />
      )}
      <ServerError error={search.error} id="search-error" />
      {!answer && (search.isPending || !!search.data) && <ProfileCardPlaceholders id="search-placeholders" />}
      {answer && (
        <section aria-labelledby="search-results-title" aria-busy={stale || undefined} className={stale ? 'opacity-50' : undefined}>
          <h2 id="search-results-title" className="h6 text-body-secondary mb-3">
            <span id="search-count">{t('search.found', { number: found })}</span>
          </h2>
          {answer.profiles.length > 0 ? (
            <CardGrid id="search-results" profiles={answer.profiles} tiles={promoTiles} />
          ) : (
            <p id="search-empty" className="text-body-secondary">
              {t('search.none')}
            </p>
          )}
          <Pager filters={filters} page={page} pages={pages} />
          {answer.similar.length > 0 && (
            <section id="search-similar" aria-labelledby="search-similar-title" className="mt-5">
              <h2 id="search-similar-title" className="h5">
                {t('search.similarTitle', { number: answer.similar_count })}
              </h2>
              <p className="text-body-secondary">{t('search.similarText')}</p>
              <CardGrid id="search-similar-results" profiles={answer.similar} />
            </section>
          )}
        </section>
      )}
    </>
  );
}
