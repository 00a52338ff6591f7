import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REACTIVATION_WINDOW_DAYS } from '@cupido/shared/rules/constants';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';

/** /account-deleted: pending deletion for 14 days, and the mailed reactivation link (spec section 4). */
export default function AccountDeletedPage() {
  return (
    <AccountsTexts>
      <AccountDeleted />
    </AccountsTexts>
  );
}

function AccountDeleted() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('accountDeleted.title'));
  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('accountDeleted.title')}</h1>
      <p>{t('accountDeleted.text', { days: REACTIVATION_WINDOW_DAYS })}</p>
      <p>{t('accountDeleted.erase', { days: REACTIVATION_WINDOW_DAYS })}</p>
      <Link to={routePath('index')} className="btn btn-primary">
        {t('common.backHome')}
      </Link>
    </section>
  );
}
