import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useNotMe } from '../account-calls';
import { ServerError } from '../../session/server-error';

/**
 * /account/not-me?token=… from a security notice (decision 012). Locking takes a button press
 * (a POST): mail scanners open links, and must not lock accounts by doing so.
 */
export default function NotMePage() {
  return (
    <AccountsTexts>
      <NotMe />
    </AccountsTexts>
  );
}

function NotMe() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('notMe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const lock = useNotMe();

  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('notMe.title')}</h1>
      {lock.isSuccess ? (
        <div id="not-me-done" className="alert alert-success" role="status">
          <p className="mb-2">{t('notMe.done', { email: lock.data.email })}</p>
          <Link to={routePath('reset-password')} className="btn btn-outline-primary btn-sm">
            {t('notMe.newLink')}
          </Link>
        </div>
      ) : !token ? (
        <p id="not-me-error" className="alert alert-danger" role="alert">
          {t('errors.token_invalid')}
        </p>
      ) : (
        <>
          <p>{t('notMe.intro')}</p>
          <ServerError id="not-me-error" error={lock.error} />
          <button
            id="not-me-confirm"
            type="button"
            className="btn btn-danger btn-lg w-100"
            disabled={lock.isPending || lock.error?.code === 'token_invalid'}
            onClick={() => lock.mutate({ token })}
          >
            {lock.isPending ? t('notMe.locking') : t('notMe.confirm')}
          </button>
        </>
      )}
    </section>
  );
}
