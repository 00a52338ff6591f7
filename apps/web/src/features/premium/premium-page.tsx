import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREE_CONVERSATIONS_STARTED } from '@cupido/shared/rules/chats';
import { FREE_PHOTOS, PREMIUM_MATCH_CHANCE_PERCENT, PREMIUM_PHOTOS } from '@cupido/shared/rules/constants';
import { ROUTES } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { useSession } from '../session/use-session';
import { PREMIUM_NS, PremiumTexts } from './premium-texts';
import { JoinLinks } from './join-links';

/**
 * /premium (spec sections 1 and 6): what Premium is (for life after any credit purchase, no
 * subscription) and what it changes against a free membership, for visitors and members alike.
 */
export default function PremiumPage() {
  return (
    <PremiumTexts>
      <Premium />
    </PremiumTexts>
  );
}

function Premium() {
  const { t } = useTranslation(PREMIUM_NS);
  usePageTitle(t('premium.title'), t('premium.lifetime'));
  const { user } = useSession();
  const rows = [
    { id: 'photos', feature: t('premium.rows.ownPhotos'), free: String(FREE_PHOTOS), premium: String(PREMIUM_PHOTOS) },
    {
      id: 'see-all',
      feature: t('premium.rows.othersPhotos'),
      free: t('premium.rows.othersPhotosFree'),
      premium: t('premium.rows.othersPhotosPremium'),
    },
    {
      id: 'conversations',
      feature: t('premium.rows.conversations'),
      free: String(FREE_CONVERSATIONS_STARTED),
      premium: t('premium.rows.unlimited'),
    },
    {
      id: 'chance',
      feature: t('premium.rows.chance'),
      free: '—',
      premium: t('premium.rows.chancePremium', { percent: PREMIUM_MATCH_CHANCE_PERCENT }),
    },
  ];

  return (
    <div className="container py-4 premium-page">
      <h1 className="h3 mb-3">{t('premium.title')}</h1>
      <p className="lead">{t('premium.lifetime')}</p>
      {user?.paid_user && (
        <p id="premium-status" className="alert alert-success" role="status">
          {t('premium.youArePremium')}
        </p>
      )}

      <div className="table-responsive mb-4">
        <table id="premium-compare" className="table align-middle">
          <caption className="caption-top">{t('premium.compareCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('premium.columns.feature')}</th>
              <th scope="col" className="text-center">
                {t('premium.columns.free')}
              </th>
              <th scope="col" className="text-center">
                {t('premium.columns.premium')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-row={row.id}>
                <th scope="row" className="fw-normal">
                  {row.feature}
                </th>
                <td className="text-center">{row.free}</td>
                <td className="text-center fw-semibold">{row.premium}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <p>{t('premium.howTo')}</p>
      <p className="small text-body-secondary">{t('premium.creditsNote')}</p>
      <div className="d-flex flex-wrap gap-2">
        {user ? (
          <Link id="premium-buy" to={ROUTES.credits} className="btn btn-primary">
            {user.paid_user ? t('common.buyMore') : t('common.becomePremium')}
          </Link>
        ) : (
          <JoinLinks from={ROUTES.premium} />
        )}
        <Link id="premium-pricing" to={ROUTES.pricing} className="btn btn-outline-primary">
          {t('common.seePrices')}
        </Link>
      </div>
    </div>
  );
}
