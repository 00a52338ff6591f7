import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale';
import { useSettings } from '../site/use-settings';
import { ACCOUNTS_NS } from './accounts-texts';
import { useSendReactivationMail } from './account-calls';
import { ServerError } from '../session/server-error';

/**
 * For an account pending deletion (spec section 8): the server's message, a button that mails
 * a reactivation link, and customer service as the other way back.
 */
export function PendingDeletionHelp({ id, message, email }: { id: string; message: string; email: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { support_email: supportEmail } = useSettings();
  const { locale } = useLocale();
  const reactivation = useSendReactivationMail();
  return (
    <Alert variant="warning" id={id}>
      <p className="mb-2" role="alert">
        {message}
      </p>
      {reactivation.isSuccess ? (
        <p className="mb-2 fw-semibold" role="status">
          {t('pendingDeletion.sent', { email })}
        </p>
      ) : (
        <button
          type="button"
          id={`${id}-reactivate`}
          className="btn btn-warning mb-2"
          disabled={reactivation.isPending}
          onClick={() => reactivation.mutate({ email, language: locale })}
        >
          {reactivation.isPending ? t('common.sending') : t('pendingDeletion.reactivate')}
        </button>
      )}
      <ServerError error={reactivation.error} />
      {supportEmail && (
        <p className="mb-0 small">
          {t('pendingDeletion.support')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      )}
    </Alert>
  );
}
