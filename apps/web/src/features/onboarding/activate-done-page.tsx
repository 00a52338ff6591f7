import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
// Spec sections 1 and 9: the welcome discount and the claimed better chance to match.
import { PREMIUM_MATCH_CHANCE_PERCENT, PREMIUM_PHOTOS } from '@cupido/shared/rules/constants';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { MemberAvatar } from '../../ui/member-avatar';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts/accounts-texts';
import { OnboardingSteps } from './onboarding-steps';
import { SignupMatchesLink } from '../matching/matching-links';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useAppliedDiscount } from '../discount-badge/applied-discount';
import { PromoTile } from '../promotions/promo-tile';
import { usePromoTiles } from '../promotions/promotion-calls';

// The all-member overview (issue 31) is its own chunk, below the cards: the welcome shows at once.
const MembersOverview = lazyWithReload(() => import('../member-landing/members-overview'));

/**
 * /activate/done, the activate-done view of spec section 2: the onboarding steps (a photo, the
 * profile), signup-profile card, get-premium card, discount badge and the search-members button.
 */
export default function ActivateDonePage() {
  return (
    <AccountsTexts>
      <ActivateDone />
    </AccountsTexts>
  );
}

function ActivateDone() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('activateDone.title'));
  const settings = useSettings();
  const { user } = useSession();
  // The discount that applies to this member now (the welcome offer while it runs), not a fixed number.
  const discount = useAppliedDiscount();
  // The site's promo tile (issue 31), when one is on for this country: the first, among the overview's cards.
  const [promoTile] = usePromoTiles();
  if (!user) return null; // the members-area guard sends visitors to /login

  return (
    <section className="container py-4">
      <h1 className="h3 mb-4">{t('activateDone.title')}</h1>
      <OnboardingSteps user={user} />
      <SignupMatchesLink />
      <div className="row g-4">
        <div className="col-md-6">
          <div id="activate-done-profile" className="card h-100 shadow-sm">
            <div className="card-body d-flex gap-3 align-items-center">
              <MemberAvatar
                profile={user.profile}
                cdnPrefix={settings.cdn_prefix}
                size={72}
                alt={t('common.photoOf', { name: user.profile.name })}
              />
              <div>
                <h2 className="h5 mb-1">{t('activateDone.welcome', { name: user.profile.name })}</h2>
                <p className="mb-0 text-body-secondary">{t('activateDone.confirmed')}</p>
                {settings.signup_credits > 0 && (
                  <p id="activate-done-credits" className="mb-0 mt-2 fw-semibold">
                    {t('activateDone.credits', { number: settings.signup_credits })}
                  </p>
                )}
              </div>
            </div>
            <div className="card-footer bg-transparent border-0 pb-3">
              <Link id="activate-done-search" to={routePath('members')} className="btn btn-primary w-100">
                {t('common.searchMembers')}
              </Link>
            </div>
          </div>
        </div>
        {!user.paid_user && (
          <div className="col-md-6">
            <div id="activate-done-premium" className="card h-100 shadow-sm border-primary">
              <div className="card-body">
                <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
                  <h2 className="h5 mb-0">{t('activateDone.premiumTitle')}</h2>
                  {discount !== null && (
                    <span id="activate-done-discount" className="badge text-bg-warning fs-6">
                      {t('activateDone.discount', { percent: discount })}
                    </span>
                  )}
                </div>
                {discount !== null && <p className="small text-body-secondary">{t('activateDone.discountText')}</p>}
                <p className="mb-2">{t('activateDone.premiumIntro')}</p>
                <ul className="mb-0">
                  <li>{t('activateDone.premiumPhotos', { number: PREMIUM_PHOTOS })}</li>
                  <li>{t('activateDone.premiumSeeAll')}</li>
                  <li>{t('activateDone.premiumChance', { percent: PREMIUM_MATCH_CHANCE_PERCENT })}</li>
                </ul>
              </div>
              <div className="card-footer bg-transparent border-0 pb-3">
                <Link id="activate-done-premium-link" to={routePath('premium')} className="btn btn-outline-primary w-100">
                  {t('activateDone.premiumCta')}
                </Link>
              </div>
            </div>
          </div>
        )}
      </div>
      <Suspense fallback={null}>
        <MembersOverview promo={promoTile ? <PromoTile tile={promoTile} /> : undefined} />
      </Suspense>
    </section>
  );
}
