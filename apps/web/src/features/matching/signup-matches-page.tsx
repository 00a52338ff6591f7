import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { useSignupMatches } from './matching-calls';
import { MATCHING_NS, MatchingTexts } from './matching-texts';
import { ProfileCardPlaceholders } from '../profile-cards/card-placeholders';
import { SUGGESTION_GRID_CLASS, SuggestionGrid } from './suggestion-grid';
import { SuggestionsStatus } from './suggestions-status';
import './matching.scss';

/**
 * /signup-matches (spec section 2): suggestions from the preferences given at signup, for the first
 * steps after it. The activate-done screen leads here; signup itself still ends on /members with
 * its activation reminder.
 */
export default function SignupMatchesPage() {
  return (
    <MatchingTexts>
      <SignupMatches />
    </MatchingTexts>
  );
}

function SignupMatches() {
  const { t } = useTranslation(MATCHING_NS);
  usePageTitle(t('signupMatches.title'));
  const suggestions = useSignupMatches();
  return (
    <section className="container py-3 py-md-4">
      <h1 className="h3 mb-2">{t('signupMatches.title')}</h1>
      <p className="text-body-secondary">{t('signupMatches.intro')}</p>
      <SuggestionsStatus query={suggestions} emptyText={t('signupMatches.empty')} />
      {suggestions.isLoading && (
        <ProfileCardPlaceholders id="signup-matches-placeholders" count={8} gridClassName={SUGGESTION_GRID_CLASS} />
      )}
      {suggestions.data && suggestions.data.profiles.length > 0 && (
        <SuggestionGrid id="signup-matches-results" profiles={suggestions.data.profiles} source="signup_matches" />
      )}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link id="signup-matches-swipe" to={routePath('swipe-game')} className="btn btn-primary">
          {t('links.swipeGame')}
        </Link>
        <Link id="signup-matches-search" to={routePath('members')} className="btn btn-outline-primary">
          {t('links.search')}
        </Link>
      </div>
    </section>
  );
}
