import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { MATCHING_NS, MatchingTexts } from './matching-texts';

/** The swipe game and the match finder, offered on the members' search page. */
export function MatchingLinks() {
  return (
    <MatchingTexts fallback={null}>
      <MatchingLinkButtons />
    </MatchingTexts>
  );
}

function MatchingLinkButtons() {
  const { t } = useTranslation(MATCHING_NS);
  return (
    <nav className="d-flex flex-wrap gap-2 mb-3" aria-label={t('links.label')}>
      <Link id="members-swipe-game" to={routePath('swipe-game')} className="btn btn-outline-primary btn-sm">
        <span aria-hidden="true">♥</span> {t('links.swipeGame')}
      </Link>
      <Link id="members-match-finder" to={routePath('match-finder')} className="btn btn-outline-primary btn-sm">
        {t('links.matchFinder')}
      </Link>
    </nav>
  );
}

/** On the activate-done screen: the suggestions from the preferences given at signup. */
export function SignupMatchesLink() {
  return (
    <MatchingTexts fallback={null}>
      <SignupMatchesCard />
    </MatchingTexts>
  );
}

function SignupMatchesCard() {
  const { t } = useTranslation(MATCHING_NS);
  return (
    <div id="activate-done-matches" className="card shadow-sm mb-4">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <div className="flex-grow-1">
          <h2 className="h5 mb-1">{t('signupMatches.cardTitle')}</h2>
          <p className="mb-0 small text-body-secondary">{t('signupMatches.cardText')}</p>
        </div>
        <Link id="activate-done-matches-link" to={routePath('signup-matches')} className="btn btn-primary">
          {t('signupMatches.cardLink')}
        </Link>
      </div>
    </div>
  );
}
