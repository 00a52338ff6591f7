import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useSendActivationMail } from '../account-calls';
import { ServerError } from '../../session/server-error';

/** "Send again" for the activation mail, with its result (sent, or the server's message). */
export function ResendActivation({
  id,
  email,
  label,
  className = 'btn btn-outline-primary btn-sm',
}: {
  id: string;
  email: string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const resend = useSendActivationMail();
  return (
    <>
      <button type="button" id={id} className={className} disabled={resend.isPending} onClick={() => resend.mutate({})}>
        {resend.isPending ? t('common.sending') : (label ?? t('activation.resend'))}
      </button>
      <span aria-live="polite">
        {resend.isSuccess && (
          <span id={`${id}-sent`} className="d-block mt-2 text-success fw-semibold" role="status">
            {t('activation.resent', { email })}
          </span>
        )}
      </span>
      <ServerError id={`${id}-error`} error={resend.error} className="d-block mt-2 text-danger" />
    </>
  );
}
