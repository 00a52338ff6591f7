import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isValidEmail } from '@cupido/shared/rules/email';
import { ZChangeEmailRequest } from '@cupido/shared/contracts/accounts';
import { TextField } from '../../../ui/form/field';
import { formSchema } from '../../../ui/form/form-schema';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useChangeEmail } from '../account-calls';
import { EmailSuggestion, useEmailSuggestion } from '../form/email-suggestion';
import { PasswordField } from '../form/password-field';
import { useAccountForm } from '../form/use-account-form';

/** A valid new address (sent trimmed) and the current password. */
const CHANGE_EMAIL_FORM = formSchema({
  fields: z.object({ email: z.string(), current_password: z.string() }),
  rules: ({ email, current_password }) => ({
    email: isValidEmail(email) ? null : 'invalid_email',
    current_password: current_password ? null : 'password_required',
  }),
  request: ({ email, current_password }) => ({ email: email.trim(), current_password }),
  contract: ZChangeEmailRequest,
});

/**
 * Requests an e-mail change (POST /api/email.php): the address changes only once the link sent
 * to the new address is clicked; meanwhile the member's pending_email is set. The current
 * password proves it is the member and not someone at their open session (decision 023).
 */
export function ChangeEmailForm({ id, submitLabel }: { id: string; submitLabel: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const change = useChangeEmail();
  const ids = { email: `${id}-email`, current_password: `${id}-current-password` };
  const form = useAccountForm({ schema: CHANGE_EMAIL_FORM, defaultValues: { email: '', current_password: '' }, ids });
  const [left, setLeft] = useState(false);
  const email = form.bind('email');
  const currentPassword = form.bind('current_password', { checkOnBlur: false });
  const suggestion = useEmailSuggestion(email.value, left);

  // Typing again after a result clears it.
  const edited =
    <T,>(onChange: (value: T) => void) =>
    (value: T) => {
      onChange(value);
      change.reset();
    };

  const submit = form.onSubmit((request) => {
    if (change.isPending) return;
    change.mutate(request, {
      onError: form.showServerError,
      onSuccess: () => {
        // The emptied fields are not a mistake of the member: no 'required' under them.
        setLeft(false);
        form.reset();
      },
    });
  });

  return (
    <form id={id} noValidate onSubmit={submit}>
      <TextField
        id={ids.email}
        label={t('fields.newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...email}
        onChange={edited(email.onChange)}
        onBlur={() => {
          email.onBlur?.();
          setLeft(true);
        }}
        after={<EmailSuggestion id={ids.email} suggestion={suggestion} onAccept={edited(email.onChange)} />}
      />
      <PasswordField
        id={ids.current_password}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        help={t('fields.currentPasswordHelp')}
        {...currentPassword}
        onChange={edited(currentPassword.onChange)}
      />
      {form.formError && (
        <div id={`${id}-error`} className="alert alert-danger" role="alert">
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
