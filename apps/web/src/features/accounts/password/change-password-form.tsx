import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@cupido/shared/rules/accounts';
import { ZChangePasswordRequest } from '@cupido/shared/contracts/accounts';
import { formSchema } from '../../../ui/form/form-schema';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useChangePassword } from '../account-calls';
import { PasswordField } from '../form/password-field';
import { useAccountForm } from '../form/use-account-form';

const IDS = { old_password: 'change-password-old', new_password: 'change-password-new' };

/** The current password must be given, the new one must have the allowed length. */
const CHANGE_PASSWORD_FORM = formSchema({
  fields: z.object({ old_password: z.string(), new_password: z.string() }),
  rules: ({ old_password, new_password }) => ({
    old_password: old_password ? null : 'password_required',
    new_password: passwordProblem(new_password),
  }),
  request: (values) => values,
  contract: ZChangePasswordRequest,
});

/** POST /api/password.php: the current password must be right; other sessions end. */
export function ChangePasswordForm() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const change = useChangePassword();
  const form = useAccountForm({ schema: CHANGE_PASSWORD_FORM, defaultValues: { old_password: '', new_password: '' }, ids: IDS });

  // Typing again after a result clears it.
  const edited =
    <T,>(onChange: (value: T) => void) =>
    (value: T) => {
      onChange(value);
      change.reset();
    };
  const oldPassword = form.bind('old_password', { checkOnBlur: false });
  const newPassword = form.bind('new_password');

  const submit = form.onSubmit((request) => {
    if (change.isPending) return;
    change.mutate(request, {
      // The emptied fields are not a mistake of the member: no 'required' under them.
      onSuccess: () => form.reset(),
      onError: form.showServerError,
    });
  });

  return (
    <form id="change-password-form" noValidate onSubmit={submit}>
      <PasswordField
        id={IDS.old_password}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        {...oldPassword}
        onChange={edited(oldPassword.onChange)}
      />
      <PasswordField
        id={IDS.new_password}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        help={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
        {...newPassword}
        onChange={edited(newPassword.onChange)}
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
