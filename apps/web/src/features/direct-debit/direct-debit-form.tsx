import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIRECT_DEBIT_RESEND_SECONDS } from '@cupido/shared/contracts/direct-debit';
import { ApiError } from '../../api/client';
import { useZodForm } from '../../ui/form/use-zod-form';
import { isAuthenticationRequired } from '../session/query-client';
import { useSettings } from '../site/use-settings';
import { FictionalBadge } from '../navigation/fictional-badge';
import { DIRECT_DEBIT_NS } from './direct-debit-texts';
import { useDirectDebitCall } from './direct-debit-calls';
import { CheckField, InputField } from './dd-fields';
import {
  directDebitSchema,
  EMPTY_DIRECT_DEBIT,
  OTP_SCHEMA,
  type DirectDebitRequest,
  type DirectDebitSession,
  type DirectDebitValues,
} from './direct-debit-rules';

const IDS = {
  account_holder: 'dd-account-holder',
  iban: 'dd-iban',
  street: 'dd-street',
  house_number: 'dd-house-number',
  zip: 'dd-zip',
  city: 'dd-city',
  phone: 'dd-phone',
  authorization: 'dd-authorization',
  withdrawal_consent: 'dd-withdrawal',
} satisfies Record<keyof DirectDebitValues, string>;

/** Where the browser goes once the direct debit is started (the transaction page); a seam for the tests. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/** What the member sent for the code: the code step repeats it with the digits, or with `resend`. */
interface CodeSent {
  request: DirectDebitRequest;
  phoneHint: string;
  /** A second code was asked for: the status line says so. */
  resent: boolean;
}

/**
 * The direct debit form of spec section 3 in two steps: the account and address details with
 * the SEPA authorization and the withdrawal consent (a code goes out by SMS), then the code
 * (Confirm, or Resend code). Server refusals land under the field they name, in the member's
 * language; a refusal of a detail takes the member back to the details.
 */
export function DirectDebitForm({ session, amountText }: { session: DirectDebitSession; amountText: string }) {
  const { t } = useTranslation(DIRECT_DEBIT_NS);
  const { t: tCommon } = useTranslation();
  const settings = useSettings();
  const call = useDirectDebitCall();
  const [schema] = useState(() => directDebitSchema(session));
  const messageOf = (code: string) => (t(`errors.${code}`, { defaultValue: '' }) as string) || t('errors.invalid');
  const details = useZodForm({
    schema,
    defaultValues: EMPTY_DIRECT_DEBIT,
    ids: IDS,
    messageOf,
    genericError: t('errors.generic'),
    isSilent: isAuthenticationRequired,
  });
  const code = useZodForm({
    schema: OTP_SCHEMA,
    defaultValues: { otp: '' },
    ids: { otp: 'dd-otp' },
    messageOf,
    genericError: t('errors.generic'),
    isSilent: isAuthenticationRequired,
  });
  const [sent, setSent] = useState<CodeSent | null>(null);
  const canResend = useResendPause(sent);

  /** A refusal of the code step: under the code, or back at the detail it names, else above the buttons. */
  const refused = (error: ApiError) => {
    if (error.field && error.field in IDS) {
      setSent(null);
      // The details form is shown again first, so its field exists to be focused.
      setTimeout(() => details.showServerError(error));
    } else {
      code.showServerError(error);
    }
  };

  const sendDetails = details.onSubmit((request) => {
    if (call.isPending) return;
    call.mutate(request, {
      onSuccess: (answer) => {
        if ('code_sent' in answer) setSent({ request, phoneHint: answer.phone_hint, resent: false });
        else navigation.assign(answer.redirect_url);
      },
      onError: details.showServerError,
    });
  });

  const confirm = code.onSubmit(({ otp }) => {
    if (call.isPending || !sent) return;
    call.mutate(
      { ...sent.request, otp },
      {
        onSuccess: (answer) => {
          if ('redirect_url' in answer) navigation.assign(answer.redirect_url);
        },
        onError: refused,
      },
    );
  });

  const resend = () => {
    if (call.isPending || !sent) return;
    code.setFormError(null);
    call.mutate(
      { ...sent.request, resend: true },
      {
        onSuccess: (answer) => {
          if ('code_sent' in answer) setSent({ request: sent.request, phoneHint: answer.phone_hint, resent: true });
        },
        onError: refused,
      },
    );
  };

  const field = <N extends keyof DirectDebitValues>(name: N) => ({ id: IDS[name], ...details.bind(name) });
  const amount = { amount: amountText, site: settings.name };

  return (
    <>
      <form id="dd-details-form" noValidate onSubmit={sendDetails} aria-labelledby="dd-details-title">
        <h2 id="dd-details-title" className="h5">
          {t('form.detailsTitle')}
        </h2>
        <fieldset disabled={!!sent} className="mb-2">
          <legend className="visually-hidden">{t('form.detailsTitle')}</legend>
          <InputField label={t('form.accountHolder')} autoComplete="name" {...field('account_holder')} />
          <InputField label={t('form.iban')} autoComplete="off" verbatim maxLength={42} help={t('form.ibanHelp')} {...field('iban')} />
          <div className="row g-2 align-items-end">
            <InputField className="col-8 mb-3" label={t('form.street')} autoComplete="address-line1" {...field('street')} />
            <InputField className="col-4 mb-3" label={t('form.houseNumber')} autoComplete="off" {...field('house_number')} />
          </div>
          <div className="row g-2 align-items-end">
            <InputField className="col-5 mb-3" label={t('form.zip')} autoComplete="postal-code" {...field('zip')} />
            <InputField className="col-7 mb-3" label={t('form.city')} autoComplete="address-level2" {...field('city')} />
          </div>
          <InputField
            label={t('form.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            help={t('form.phoneHelp')}
            {...field('phone')}
          />
          {/* trust.md: the fictional-profile disclosure again right before paying, also when this page is opened directly. */}
          <section className="alert alert-info small" aria-labelledby="dd-disclosure-title" id="dd-disclosure">
            <h3 className="h6" id="dd-disclosure-title">
              {t('form.disclosureTitle')}
            </h3>
            <p className="mb-0">
              <FictionalBadge plural />{' '}
              {settings.fictional_warning ||
                tCommon('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}
            </p>
          </section>
          <CheckField {...field('authorization')}>{t('form.authorization', amount)}</CheckField>
          <CheckField {...field('withdrawal_consent')}>{t('form.withdrawal')}</CheckField>
        </fieldset>
        {details.formError && !isAuthenticationRequired(details.formError) && (
          <div id="dd-details-error" className="alert alert-danger" role="alert">
            {details.formError.message}
          </div>
        )}
        {sent ? (
          <button id="dd-change" type="button" className="btn btn-link px-0" onClick={() => setSent(null)}>
            {t('form.change')}
          </button>
        ) : (
          <button id="dd-send-code" type="submit" className="btn btn-primary w-100" disabled={call.isPending}>
            {call.isPending ? t('form.sending') : t('form.sendCode')}
          </button>
        )}
      </form>

      {sent && (
        <form id="dd-code-form" className="mt-4" noValidate onSubmit={confirm} aria-labelledby="dd-code-title">
          <h2 id="dd-code-title" className="h5">
            {t('code.title')}
          </h2>
          <p id="dd-code-sent" role="status">
            {t(sent.resent ? 'code.resent' : 'code.sent', { hint: sent.phoneHint })}
          </p>
          <InputField
            id="dd-otp"
            label={t('code.label')}
            autoComplete="one-time-code"
            inputMode="numeric"
            verbatim
            maxLength={8}
            {...code.bind('otp')}
          />
          {code.formError && !isAuthenticationRequired(code.formError) && (
            <div id="dd-code-error" className="alert alert-danger" role="alert">
              {code.formError.message}
            </div>
          )}
          <div className="d-grid gap-2">
            <button id="dd-confirm" type="submit" className="btn btn-primary" disabled={call.isPending}>
              {t('code.confirm', amount)}
            </button>
            <button
              id="dd-resend"
              type="button"
              className="btn btn-outline-secondary"
              disabled={call.isPending || !canResend}
              onClick={resend}
            >
              {t('code.resend')}
            </button>
          </div>
          {!canResend && <p className="small text-body-secondary mt-2">{t('code.resendWait', { seconds: DIRECT_DEBIT_RESEND_SECONDS })}</p>}
        </form>
      )}
    </>
  );
}

/** A new code at most every DIRECT_DEBIT_RESEND_SECONDS (the server refuses sooner): Resend waits that long after each sending. */
function useResendPause(sent: CodeSent | null): boolean {
  const [readyFor, setReadyFor] = useState<CodeSent | null>(null);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setReadyFor(sent), DIRECT_DEBIT_RESEND_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [sent]);
  return !!sent && readyFor === sent;
}
