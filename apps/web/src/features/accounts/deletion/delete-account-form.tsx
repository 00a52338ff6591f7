import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DELETE_REASONS, DELETE_REMARKS_MAX_LENGTH, type DeleteReason } from '@cupido/shared/rules/accounts';
import { ZDeleteAccountRequest } from '@cupido/shared/contracts/accounts';
import { REACTIVATION_WINDOW_DAYS } from '@cupido/shared/rules/constants';
import { FieldError, TextAreaField } from '../../../ui/form/field';
import { formSchema } from '../../../ui/form/form-schema';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useDeleteAccount } from '../account-calls';
import { PasswordField } from '../form/password-field';
import { useAccountForm } from '../form/use-account-form';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { useSession } from '../../session/use-session';
import { useSettings } from '../../site/use-settings';

/**
 * Issue 29, paid actions ask first: credits end with the account, so before the member confirms
 * we say how many and what the return policy allows (refund_days, trust.md). The session knows
 * only the balance, not which credits were bought, so the balance is named; 0 credits, no warning.
 */
function CreditsLostWarning({ id }: { id: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { user } = useSession();
  const { refund_days: refundDays } = useSettings();
  const credits = user?.credits ?? 0;
  if (credits <= 0) return null;
  return (
    <div id={id} className="alert alert-warning" role="note">
      <p className="mb-1 fw-semibold">{t('settings.delete.creditsLost', { count: credits })}</p>
      <p className="mb-0">
        {t('settings.delete.creditsRefund', { days: refundDays })}{' '}
        <Link to={routePath('pages-return-policy')} className="alert-link">
          {t('settings.delete.returnPolicy')}
        </Link>
      </p>
    </div>
  );
}

const IDS = { reason: 'delete-reason-price', remarks: 'delete-remarks', current_password: 'delete-current-password' };

/** A reason (remarks only for 'other', trimmed, within their length) and the current password. */
const DELETE_ACCOUNT_FORM = formSchema({
  fields: z.object({ reason: z.string(), remarks: z.string(), current_password: z.string() }),
  rules: ({ reason, remarks, current_password }) => ({
    reason: reason ? null : 'reason_required',
    remarks: reason === 'other' && remarks.length > DELETE_REMARKS_MAX_LENGTH ? 'remarks_too_long' : null,
    current_password: current_password ? null : 'password_required',
  }),
  request: ({ reason, remarks, current_password }) => ({
    reason: reason as DeleteReason,
    ...(reason === 'other' && remarks.trim() ? { remarks: remarks.trim() } : {}),
    confirm: true,
    current_password,
  }),
  contract: ZDeleteAccountRequest,
});

/**
 * Spec sections 3 and 5: a reason (remarks for 'other') and the current password (decision 023:
 * an open session alone cannot end the account), then a confirmation step in a modal, then
 * POST /api/delete-account.php and /account-deleted.
 */
export function DeleteAccountForm() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const remove = useDeleteAccount();
  const form = useAccountForm({ schema: DELETE_ACCOUNT_FORM, defaultValues: { reason: '', remarks: '', current_password: '' }, ids: IDS });
  // The checked request, waiting for the confirmation in the modal.
  const [confirming, setConfirming] = useState<z.output<typeof ZDeleteAccountRequest> | null>(null);
  const reason = form.bind('reason', { checkOnChange: true });

  const start = form.onSubmit(setConfirming);
  const confirm = () => {
    if (!confirming) return;
    remove.mutate(
      { ...confirming, confirm: true },
      {
        // A wrong password shows under its field, anything else above the button.
        onError: (error) => {
          setConfirming(null);
          form.showServerError(error);
        },
      },
    );
  };

  return (
    <form id="delete-account-form" noValidate onSubmit={start}>
      <p>{t('settings.delete.intro', { days: REACTIVATION_WINDOW_DAYS })}</p>
      <fieldset className="mb-3" id="delete-reason" aria-describedby={reason.error ? 'delete-reason-error' : undefined}>
        <legend className="form-label fs-6">{t('settings.delete.reasonLegend')}</legend>
        {DELETE_REASONS.map((value) => (
          <div className="form-check" key={value}>
            <input
              className={`form-check-input${reason.error ? ' is-invalid' : ''}`}
              type="radio"
              name="delete-reason"
              id={`delete-reason-${value}`}
              value={value}
              checked={reason.value === value}
              onChange={() => reason.onChange(value)}
            />
            <label className="form-check-label" htmlFor={`delete-reason-${value}`}>
              {t(`settings.delete.reasons.${value}`)}
            </label>
          </div>
        ))}
        <FieldError id="delete-reason" error={reason.error} />
      </fieldset>
      {reason.value === 'other' && (
        <TextAreaField id={IDS.remarks} label={t('settings.delete.remarks')} {...form.bind('remarks', { checkOnChange: true })} />
      )}
      <PasswordField
        id={IDS.current_password}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        help={t('fields.currentPasswordHelp')}
        {...form.bind('current_password', { checkOnBlur: false })}
      />
      {form.formError && (
        <div id="delete-account-error" className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}
      <CreditsLostWarning id="delete-account-credits" />
      <button id="delete-account-start" type="submit" className="btn btn-outline-danger">
        {t('settings.delete.start')}
      </button>

      <Modal
        id="delete-account-confirm"
        show={confirming !== null}
        centered
        onHide={() => !remove.isPending && setConfirming(null)}
        backdrop={remove.isPending ? 'static' : true}
        keyboard={!remove.isPending}
        aria-labelledby="delete-account-confirm-title"
      >
        <Modal.Header closeButton={!remove.isPending} closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id="delete-account-confirm-title">
            {t('settings.delete.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <CreditsLostWarning id="delete-account-confirm-credits" />
          <p className="mb-0">{t('settings.delete.confirmText', { days: REACTIVATION_WINDOW_DAYS })}</p>
        </Modal.Body>
        <Modal.Footer className="flex-column flex-sm-row">
          <button
            type="button"
            id="delete-account-keep"
            className="btn btn-primary"
            disabled={remove.isPending}
            onClick={() => setConfirming(null)}
          >
            {t('settings.delete.keep')}
          </button>
          <button type="button" id="delete-account-submit" className="btn btn-danger" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? t('common.sending') : t('settings.delete.confirmSubmit')}
          </button>
        </Modal.Footer>
      </Modal>
    </form>
  );
}
