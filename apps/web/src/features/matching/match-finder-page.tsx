import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PREMIUM_MATCH_CHANCE_PERCENT } from '@cupido/shared/rules/constants';
import { isMatchFinderAgeGroup, MATCH_FINDER_AGE_GROUPS, type MatchFinderAgeGroup } from '@cupido/shared/rules/likes';
import { usePageTitle } from '../page-title/use-page-title';
import { useSession } from '../session/use-session';
import { useMatchFinder } from './matching-calls';
import { MATCHING_NS, MatchingTexts } from './matching-texts';
import { ProfileCardPlaceholders } from '../profile-cards/card-placeholders';
import { SUGGESTION_GRID_CLASS, SuggestionGrid } from './suggestion-grid';
import { SuggestionsStatus } from './suggestions-status';
import './matching.scss';

/** /match-finder (spec section 9): choose 18-35 or 35+, get a page of suggested profiles to like. */
export default function MatchFinderPage() {
  return (
    <MatchingTexts>
      <MatchFinder />
    </MatchingTexts>
  );
}

/**
 * The two age groups as a radio group styled as buttons: Tab reaches it, the arrow keys move the
 * choice, as with any radio group. The choice is in the URL, so Back and a reload keep it.
 */
function AgeGroupChoice({ value, onChange }: { value: MatchFinderAgeGroup | null; onChange: (group: MatchFinderAgeGroup) => void }) {
  const { t } = useTranslation(MATCHING_NS);
  return (
    <fieldset className="mb-4">
      <legend className="h6">{t('finder.chooseAgeGroup')}</legend>
      <div className="age-group-choice">
        {MATCH_FINDER_AGE_GROUPS.map((group) => (
          <div key={group}>
            <input
              type="radio"
              className="btn-check"
              name="age_group"
              id={`age-group-${group === '35+' ? '35-plus' : group}`}
              value={group}
              checked={value === group}
              onChange={() => onChange(group)}
            />
            <label className="btn btn-outline-primary btn-lg w-100" htmlFor={`age-group-${group === '35+' ? '35-plus' : group}`}>
              {t(group === '35+' ? 'finder.age35plus' : 'finder.age18to35')}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function MatchFinder() {
  const { t } = useTranslation(MATCHING_NS);
  usePageTitle(t('finder.title'));
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('age_group');
  const ageGroup = isMatchFinderAgeGroup(requested) ? requested : null;
  const suggestions = useMatchFinder(ageGroup);

  const choose = (group: MatchFinderAgeGroup) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('age_group', group);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="container py-3 py-md-4">
      <h1 className="h3 mb-2">{t('finder.title')}</h1>
      <p className="text-body-secondary">{t('finder.intro')}</p>
      {user && !user.paid_user && (
        <p id="match-finder-premium" className="alert alert-info py-2">
          {t('finder.premiumChance', { percent: PREMIUM_MATCH_CHANCE_PERCENT })}
        </p>
      )}
      <AgeGroupChoice value={ageGroup} onChange={choose} />
      {ageGroup && (
        <div aria-busy={suggestions.isFetching}>
          <SuggestionsStatus query={suggestions} emptyText={t('finder.empty')} />
          {suggestions.isLoading && (
            <ProfileCardPlaceholders id="match-finder-placeholders" count={8} gridClassName={SUGGESTION_GRID_CLASS} />
          )}
          {suggestions.data && suggestions.data.profiles.length > 0 && (
            <SuggestionGrid id="match-finder-results" profiles={suggestions.data.profiles} source="match_finder" />
          )}
        </div>
      )}
    </section>
  );
}
