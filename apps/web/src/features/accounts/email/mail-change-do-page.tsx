import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../../page-title/use-page-title';
import { ACCOUNTS_NS, AccountsTexts } from '../accounts-texts';
import { useConfirmMailChange } from '../account-calls';
import { ServerError } from '../../session/server-error';

/**
 * /mail-change/do?token=…: the member confirms with a button rather than on page load, so a mail
 * scanner opening the link (or React StrictMode running effects twice) cannot use the token.
 */
export default function MailChangeDoPage() {
  return (
    <AccountsTexts>
      <MailChangeDo />
    </AccountsTexts>
  );
}

function MailChangeDo() {
  const { t } = useTranslation(ACCOUNTS_NS);
  usePageTitle(t('mailChange.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmMailChange();

  return (
    <section className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('mailChange.title')}</h1>
      {confirm.isSuccess ? (
        <div id="mail-change-done" className="alert alert-success" role="status">
          <p className="mb-2">
            {confirm.data.other_account
              ? t('mailChange.doneOtherAccount', { email: confirm.data.email, current: confirm.data.user.email })
              : t('mailChange.done', { email: confirm.data.email })}
          </p>
          <Link to={routePath('notifications')} className="btn btn-primary btn-sm">
            {t('mailChange.toSettings')}
          </Link>
        </div>
      ) : !token ? (
        <p id="mail-change-error" className="alert alert-danger" role="alert">
          {t('errors.token_invalid')}
        </p>
      ) : (
        <>
          <p>{t('mailChange.intro')}</p>
          <ServerError id="mail-change-error" error={confirm.error} />
          <button
            id="mail-change-confirm"
            type="button"
            className="btn btn-primary"
            disabled={confirm.isPending || confirm.error?.code === 'token_invalid'}
            onClick={() => confirm.mutate({ token })}
          >
            {confirm.isPending ? t('common.sending') : t('mailChange.confirm')}
          </button>
        </>
      )}
    </section>
  );
}
