import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useChangeEmail } from '../account-calls';
import { EmailForm } from '../form/email-form';

/**
 * Requests an e-mail change (POST /api/email.php): the address changes only once the link sent
 * to the new address is clicked; meanwhile the member's pending_email is set.
 */
export function ChangeEmailForm({ id, submitLabel }: { id: string; submitLabel: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const change = useChangeEmail();
  return (
    <EmailForm
      formId={id}
      idPrefix={id}
      label={t('fields.newEmail')}
      submitLabel={submitLabel}
      suggest
      clearOnSuccess
      pending={change.isPending}
      send={(email, callbacks) => change.mutate({ email }, callbacks)}
      onEdit={() => change.reset()}
    >
      {change.isSuccess && change.data.user.pending_email && (
        <div id={`${id}-sent`} className="alert alert-success" role="status">
          {t('settings.email.sent', { email: change.data.user.pending_email })}
        </div>
      )}
    </EmailForm>
  );
}
