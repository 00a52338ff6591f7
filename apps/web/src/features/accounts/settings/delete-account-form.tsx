import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { DELETE_REASONS, DELETE_REMARKS_MAX_LENGTH, type DeleteReason } from '@cupido/shared/account-rules';
import { REACTIVATION_WINDOW_DAYS } from '@cupido/shared/constants';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useDeleteAccount } from '../account-calls';
import { controlProps, FieldError } from '../form/field';
import type { Problems } from '../form/field-problems';
import { PasswordField } from '../form/password-field';
import { useFormErrors } from '../form/use-form-errors';

type Field = 'reason' | 'remarks' | 'current_password';
const IDS: Record<Field, string> = { reason: 'delete-reason-price', remarks: 'delete-remarks', current_password: 'delete-current-password' };

/**
 * Spec sections 3 and 5: a reason (remarks for 'other') and the current password (decision 023:
 * an open session alone cannot end the account), then a confirmation step in a modal, then
 * POST /api/delete-account.php and /account-deleted.
 */
export function DeleteAccountForm() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const remove = useDeleteAccount();
  const [reason, setReason] = useState<DeleteReason | null>(null);
  const [remarks, setRemarks] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const problems: Problems<Field> = {};
  if (!reason) problems.reason = 'reason_required';
  if (reason === 'other' && remarks.length > DELETE_REMARKS_MAX_LENGTH) problems.remarks = 'remarks_too_long';
  if (!currentPassword) problems.current_password = 'password_required';
  const form = useFormErrors(problems, IDS);

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (form.validateAll()) setConfirming(true);
  };
  const confirm = () => {
    if (!reason) return;
    remove.mutate(
      { reason, ...(reason === 'other' && remarks.trim() ? { remarks: remarks.trim() } : {}), confirm: true, current_password: currentPassword },
      {
        // A wrong password shows under its field, anything else above the button.
        onError: (error) => {
          setConfirming(false);
          form.showServerError(error);
        },
      },
    );
  };
  const reasonError = form.errorOf('reason');

  return (
    <form id="delete-account-form" noValidate onSubmit={start}>
      <p>{t('settings.delete.intro', { days: REACTIVATION_WINDOW_DAYS })}</p>
      <fieldset className="mb-3" id="delete-reason" aria-describedby={reasonError ? 'delete-reason-error' : undefined}>
        <legend className="form-label fs-6">{t('settings.delete.reasonLegend')}</legend>
        {DELETE_REASONS.map((value) => (
          <div className="form-check" key={value}>
            <input
              className={`form-check-input${reasonError ? ' is-invalid' : ''}`}
              type="radio"
              name="delete-reason"
              id={`delete-reason-${value}`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                form.touch('reason');
              }}
            />
            <label className="form-check-label" htmlFor={`delete-reason-${value}`}>
              {t(`settings.delete.reasons.${value}`)}
            </label>
          </div>
        ))}
        <FieldError id="delete-reason" error={reasonError} />
      </fieldset>
      {reason === 'other' && (
        <div className="mb-3">
          <label htmlFor={IDS.remarks} className="form-label">
            {t('settings.delete.remarks')}
          </label>
          <textarea
            {...controlProps(IDS.remarks, form.errorOf('remarks'))}
            className={`form-control${form.errorOf('remarks') ? ' is-invalid' : ''}`}
            rows={3}
            value={remarks}
            onChange={(event) => {
              setRemarks(event.target.value);
              form.touch('remarks');
            }}
          />
          <FieldError id={IDS.remarks} error={form.errorOf('remarks')} />
        </div>
      )}
      <PasswordField
        id={IDS.current_password}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        value={currentPassword}
        error={form.errorOf('current_password')}
        onChange={(value) => {
          setCurrentPassword(value);
          form.changed('current_password');
        }}
        help={t('fields.currentPasswordHelp')}
      />
      {form.formError && (
        <div id="delete-account-error" className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}
      <button id="delete-account-start" type="submit" className="btn btn-outline-danger">
        {t('settings.delete.start')}
      </button>

      <Modal
        id="delete-account-confirm"
        show={confirming}
        centered
        onHide={() => !remove.isPending && setConfirming(false)}
        backdrop={remove.isPending ? 'static' : true}
        keyboard={!remove.isPending}
        aria-labelledby="delete-account-confirm-title"
      >
        <Modal.Header closeButton={!remove.isPending} closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id="delete-account-confirm-title">
            {t('settings.delete.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('settings.delete.confirmText', { days: REACTIVATION_WINDOW_DAYS })}</Modal.Body>
        <Modal.Footer className="flex-column flex-sm-row">
          <button type="button" id="delete-account-keep" className="btn btn-primary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
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
