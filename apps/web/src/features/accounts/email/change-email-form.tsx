import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@cupido/shared/account-rules';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useChangeEmail } from '../account-calls';
import { EmailSuggestion, useEmailSuggestion } from '../form/email-suggestion';
import { TextField } from '../form/field';
import type { Problems } from '../form/field-problems';
import { useFormErrors } from '../form/use-form-errors';

/**
 * Requests an e-mail change (POST /api/email.php): the address changes only once the link sent
 * to the new address is clicked; meanwhile the member's pending_email is set.
 */
export function ChangeEmailForm({ id, submitLabel }: { id: string; submitLabel: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [left, setLeft] = useState(false);
  const suggestion = useEmailSuggestion(email, left);
  const problems: Problems<'email'> = isValidEmail(email) ? {} : { email: 'invalid_email' };
  const form = useFormErrors(problems, { email: `${id}-email` });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || !form.validateAll()) return;
    change.mutate({ email: email.trim() }, { onSuccess: () => setEmail(''), onError: form.showServerError });
  };

  return (
    <form id={id} noValidate onSubmit={submit}>
      <TextField
        id={`${id}-email`}
        label={t('fields.newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        error={form.errorOf('email')}
        onChange={(value) => {
          setEmail(value);
          form.changed('email');
          change.reset();
        }}
        onBlur={() => {
          form.touch('email');
          setLeft(true);
        }}
        after={
          <EmailSuggestion
            id={`${id}-email`}
            suggestion={suggestion}
            onAccept={(accepted) => {
              setEmail(accepted);
              form.changed('email');
            }}
          />
        }
      />
      {form.formError && (
        <div className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}
      {change.isSuccess && change.data.user.pending_email && (
        <div id={`${id}-sent`} className="alert alert-success" role="status">
          {t('settings.email.sent', { email: change.data.user.pending_email })}
        </div>
      )}
      <button id={`${id}-submit`} type="submit" className="btn btn-primary" disabled={change.isPending}>
        {change.isPending ? t('common.sending') : submitLabel}
      </button>
    </form>
  );
}
