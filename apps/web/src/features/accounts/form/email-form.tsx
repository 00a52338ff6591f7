import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@cupido/shared/account-rules';
import type { ApiError } from '../../../api/client';
import { ACCOUNTS_NS } from '../accounts-texts';
import { EmailSuggestion, useEmailSuggestion } from './email-suggestion';
import { TextField } from './field';
import type { Problems } from './field-problems';
import { useFormErrors } from './use-form-errors';

export interface EmailFormProps {
  /** The form's id; its parts are `<idPrefix>-email`, `-submit` and `-error`. */
  formId: string;
  idPrefix: string;
  label: string;
  submitLabel: string;
  /** Above the field. */
  intro?: ReactNode;
  /** Offer a did-you-mean correction under the field (for addresses being newly given). */
  suggest?: boolean;
  pending: boolean;
  /** Sends the trimmed address; calls back with the server's refusal, or success to clear the field. */
  send(email: string, callbacks: { onError(error: ApiError): void; onSuccess(): void }): void;
  /** Typing again after a result clears it. */
  onEdit?(): void;
  clearOnSuccess?: boolean;
  children?: ReactNode;
}

/**
 * One e-mail field and a send button, with the section 5 'Invalid email' check on blur and
 * submit and the server's message under the field: the reset, reactivation and change-of-address
 * forms all ask exactly this.
 */
export function EmailForm(props: EmailFormProps) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const [email, setEmail] = useState('');
  const [left, setLeft] = useState(false);
  const suggestion = useEmailSuggestion(email, left && !!props.suggest);
  const problems: Problems<'email'> = isValidEmail(email) ? {} : { email: 'invalid_email' };
  const fieldId = `${props.idPrefix}-email`;
  const form = useFormErrors(problems, { email: fieldId });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.pending || !form.validateAll()) return;
    props.send(email.trim(), {
      onError: form.showServerError,
      onSuccess: () => {
        if (!props.clearOnSuccess) return;
        setEmail('');
        setLeft(false);
        form.reset();
      },
    });
  };

  return (
    <form id={props.formId} noValidate onSubmit={submit}>
      {props.intro}
      <TextField
        id={fieldId}
        label={props.label}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        error={form.errorOf('email')}
        onChange={(value) => {
          setEmail(value);
          form.changed('email');
          props.onEdit?.();
        }}
        onBlur={() => {
          form.touch('email');
          setLeft(true);
        }}
        after={
          props.suggest ? (
            <EmailSuggestion
              id={fieldId}
              suggestion={suggestion}
              onAccept={(accepted) => {
                setEmail(accepted);
                form.changed('email');
              }}
            />
          ) : undefined
        }
      />
      {form.formError && (
        <div id={`${props.idPrefix}-error`} className="alert alert-danger" role="alert">
          {form.formError.message}
        </div>
      )}
      {props.children}
      <button id={`${props.idPrefix}-submit`} type="submit" className="btn btn-primary" disabled={props.pending}>
        {props.pending ? t('common.sending') : props.submitLabel}
      </button>
    </form>
  );
}
