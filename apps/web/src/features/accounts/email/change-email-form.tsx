import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@cupido/shared/account-rules';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useChangeEmail } from '../account-calls';
import { EmailSuggestion, useEmailSuggestion } from '../form/email-suggestion';
import { TextField } from '../form/field';
import type { Problems } from '../form/field-problems';
import { PasswordField } from '../form/password-field';
import { useFormErrors } from '../form/use-form-errors';

type Field = 'email' | 'current_password';
const EMPTY: Record<Field, string> = { email: '', current_password: '' };

/**
 * Requests an e-mail change (POST /api/email.php): the address changes only once the link sent
 * to the new address is clicked; meanwhile the member's pending_email is set. The current
 * password proves it is the member and not someone at their open session (decision 023).
 */
export function ChangeEmailForm({ id, submitLabel }: { id: string; submitLabel: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const change = useChangeEmail();
  const [values, setValues] = useState(EMPTY);
  const [left, setLeft] = useState(false);
  const suggestion = useEmailSuggestion(values.email, left);
  const ids: Record<Field, string> = { email: `${id}-email`, current_password: `${id}-current-password` };
  const problems: Problems<Field> = {};
  if (!isValidEmail(values.email)) problems.email = 'invalid_email';
  if (!values.current_password) problems.current_password = 'password_required';
  const form = useFormErrors(problems, ids);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.changed(field);
    change.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || !form.validateAll()) return;
    change.mutate(
      { email: values.email.trim(), current_password: values.current_password },
      {
        onError: form.showServerError,
        onSuccess: () => {
          // The emptied fields are not a mistake of the member: no 'required' under them.
          setValues(EMPTY);
          setLeft(false);
          form.reset();
        },
      },
    );
  };

  return (
    <form id={id} noValidate onSubmit={submit}>
      <TextField
        id={ids.email}
        label={t('fields.newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        error={form.errorOf('email')}
        onChange={(value) => set('email', value)}
        onBlur={() => {
          form.touch('email');
          setLeft(true);
        }}
        after={<EmailSuggestion id={ids.email} suggestion={suggestion} onAccept={(accepted) => set('email', accepted)} />}
      />
      <PasswordField
        id={ids.current_password}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        value={values.current_password}
        error={form.errorOf('current_password')}
        onChange={(value) => set('current_password', value)}
        help={t('fields.currentPasswordHelp')}
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
