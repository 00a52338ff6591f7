import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_NS } from './shop-texts';
import { ApiError } from '../../api/client';
import { shopErrorMessage } from './shop-calls';

/** Something the member still has to do before paying: the control to focus and what to tell them. */
export interface MissingStep {
  field: string;
  text: string;
}

export const missingId = (field: string) => `${field}-missing`;

/**
 * The end of every checkout (trust.md "Buying credits"): the unticked withdrawal checkbox and the
 * 'Pay £14.96' button (what it charges, issue 29). Pressing it with something missing (the checkbox, a method) says what right
 * above the button and focuses the first missing control, which points at its line there; a
 * press while the payment is on its way does nothing.
 *
 * Plain state rather than react-hook-form (decision 025): one checkbox and the caller's radio
 * group, no text to validate, and the form library with zod would triple the chunk.
 */
export function PayForm({
  idPrefix,
  missing = [],
  tried,
  onTried,
  onPay,
  busy,
  error,
  amount,
}: {
  idPrefix: string;
  /** The caller's missing steps, in the order of its controls (before the checkbox). */
  missing?: MissingStep[];
  /** Whether the member pressed the button yet (lifted so the caller's controls show their state too). */
  tried: boolean;
  onTried: () => void;
  onPay: () => void;
  busy: boolean;
  error: unknown;
  /** What pressing the button charges, written as the member writes money ("£14.96"): the button says it (issue 29). */
  amount?: string;
}) {
  const { t } = useTranslation(SHOP_NS);
  const [consent, setConsent] = useState(false);
  const consentId = `${idPrefix}-consent`;
  const steps: MissingStep[] = [...missing, ...(consent ? [] : [{ field: consentId, text: t('withdrawal.required') }])];
  const showMissing = tried && steps.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (steps.length > 0) {
      onTried();
      document.getElementById(steps[0]!.field)?.focus();
      return;
    }
    onPay();
  };

  return (
    <form noValidate onSubmit={submit} id={`${idPrefix}-form`} className="shop-pay-form">
      <div className="form-check mb-3">
        <input
          className={`form-check-input${tried && !consent ? ' is-invalid' : ''}`}
          type="checkbox"
          id={consentId}
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          aria-invalid={tried && !consent ? true : undefined}
          aria-describedby={tried && !consent ? missingId(consentId) : undefined}
        />
        <label className="form-check-label" htmlFor={consentId}>
          {t('withdrawal.label')}
        </label>
      </div>
      <div role="alert" className="shop-pay-form__alerts">
        {showMissing && (
          <div className="alert alert-warning py-2 mb-3" id={`${idPrefix}-missing`}>
            <span className="fw-semibold">{t('checkout.missing')}</span>
            <ul className="mb-0 ps-3">
              {steps.map((step) => (
                <li key={step.field} id={missingId(step.field)}>
                  {step.text}
                </li>
              ))}
            </ul>
          </div>
        )}
        {error !== null && error !== undefined && !showMissing && (
          <p className="alert alert-danger py-2 mb-3" id={`${idPrefix}-error`}>
            {shopErrorMessage(error)}
          </p>
        )}
      </div>
      <button
        type="submit"
        id={`${idPrefix}-pay`}
        className="btn btn-primary btn-lg w-100"
        aria-disabled={busy || undefined}
        aria-describedby={showMissing ? `${idPrefix}-missing` : undefined}
      >
        {busy ? t('common.paying') : amount ? t('common.payAmount', { amount }) : t('common.pay')}
      </button>
    </form>
  );
}

/** A block the caller's screen shows while its data is missing: the loading or error state with a retry. */
export function LoadError({ error, onRetry, children }: { error: unknown; onRetry: () => void; children?: ReactNode }) {
  const { t } = useTranslation(SHOP_NS);
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" id="shop-load-error">
      <span className="me-auto">
        {error instanceof ApiError && error.status > 0 && error.message ? error.message : t('common.loadError')}
      </span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        {t('common.retry')}
      </button>
      {children}
    </div>
  );
}
