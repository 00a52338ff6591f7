import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isValidEmail } from '@cupido/shared/rules/email';
import { ZEmailRequest } from '@cupido/shared/contracts/accounts';
import type { ApiError } from '../../../api/client';
import { TextField } from '../../../ui/form/field';
import { formSchema } from '../../../ui/form/form-schema';
import { ACCOUNTS_NS } from '../accounts-texts';
import { useAccountForm } from './use-account-form';

export interface EmailFormProps {
  /** The form's id; its parts are `<idPrefix>-email`, `-submit` and `-error`. */
  formId: string;
  idPrefix: string;
  label: string;
  submitLabel: string;
  /** Above the field. */
  intro?: ReactNode;
  pending: boolean;
  /** Sends the trimmed address; calls back with the server's refusal. */
  send(email: string, callbacks: { onError(error: ApiError): void }): void;
}

/** Section 5's 'Invalid email' before asking the server; the address goes out trimmed. */
const EMAIL_FORM = formSchema({
  fields: z.object({ email: z.string() }),
  rules: ({ email }) => ({ email: isValidEmail(email) ? null : 'invalid_email' }),
  request: ({ email }) => ({ email: email.trim() }),
  contract: ZEmailRequest,
});

/**
 * One e-mail field and a send button, with the section 5 'Invalid email' check on blur and
 * submit and the server's message under the field: the reset and reactivation forms ask exactly this.
 */
export function EmailForm(props: EmailFormProps) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const fieldId = `${props.idPrefix}-email`;
  const form = useAccountForm({ schema: EMAIL_FORM, defaultValues: { email: '' }, ids: { email: fieldId } });

  const submit = form.onSubmit(({ email }) => {
    if (!props.pending) props.send(email, { onError: form.showServerError });
  });

  return (
    <form id={props.formId} noValidate onSubmit={submit}>
      {props.intro}
      <TextField id={fieldId} label={props.label} type="email" inputMode="email" autoComplete="email" {...form.bind('email')} />
      {form.formError && (
        <div id={`${props.idPrefix}-error`} className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}
      <button id={`${props.idPrefix}-submit`} type="submit" className="btn btn-primary" disabled={props.pending}>
        {props.pending ? t('common.sending') : props.submitLabel}
      </button>
    </form>
  );
}
