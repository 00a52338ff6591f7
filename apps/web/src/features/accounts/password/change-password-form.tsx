import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@cupido/shared/account-rules';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useChangePassword } from '../account-calls';
import type { Problems } from '../form/field-problems';
import { PasswordField } from '../form/password-field';
import { useFormErrors } from '../form/use-form-errors';

type Field = 'old_password' | 'new_password';
const IDS: Record<Field, string> = { old_password: 'change-password-old', new_password: 'change-password-new' };
const EMPTY: Record<Field, string> = { old_password: '', new_password: '' };

/** POST /api/password.php: the current password must be right; other sessions end. */
export function ChangePasswordForm() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const problems: Problems<Field> = {};
  if (!values.old_password) problems.old_password = 'password_required';
  const tooShort = passwordProblem(values.new_password);
  if (tooShort) problems.new_password = tooShort;
  const form = useFormErrors(problems, IDS);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.changed(field);
    change.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending || !form.validateAll()) return;
    change.mutate(values, { onSuccess: () => {
        // The emptied fields are not a mistake of the member: no 'required' under them.
        setValues(EMPTY);
        form.reset();
      }, onError: form.showServerError });
  };

  return (
    <form id="change-password-form" noValidate onSubmit={submit}>
      <PasswordField
        id={IDS.old_password}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        value={values.old_password}
        error={form.errorOf('old_password')}
        onChange={(value) => set('old_password', value)}
      />
      <PasswordField
        id={IDS.new_password}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        value={values.new_password}
        error={form.errorOf('new_password')}
        onChange={(value) => set('new_password', value)}
        onBlur={() => form.touch('new_password')}
        help={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
      />
      {form.formError && (
        <div className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}
      {change.isSuccess && (
        <div id="change-password-done" className="alert alert-success" role="status">
          {t('settings.password.changed')}
        </div>
      )}
      <button id="change-password-submit" type="submit" className="btn btn-primary" disabled={change.isPending}>
        {change.isPending ? t('common.saving') : t('settings.password.submit')}
      </button>
    </form>
  );
}
