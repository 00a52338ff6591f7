import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { isAuthenticationRequired } from '../../session/query-client';
import { useSettings } from '../../site/use-settings';
import { ACCOUNTS_NS } from '../accounts-texts';
import { problemMessage, type Problems } from './field-problems';

/**
 * Error state of a plain controlled form, for any feature: `messages` are the client's
 * problems, already translated. They show once a field was left (blur) or the form was
 * submitted, and disappear as soon as the value is right; the server's field errors show under
 * their input until that field changes; other server errors show above the submit button. A
 * silent logout (authentication_required) shows nothing. `genericError` is the text of a
 * failure that is no ApiError.
 */
export function useFieldErrors<F extends string>(messages: Partial<Record<F, string>>, ids: Record<F, string>, genericError: string) {
  const [touched, setTouched] = useState<Partial<Record<F, true>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<ApiError | null>(null);

  const errorOf = (field: F): string | undefined => serverErrors[field] ?? (touched[field] ? messages[field] : undefined);

  const touch = useCallback((field: F) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })), []);

  /** Call on every change of a field: its server error no longer applies. */
  const changed = useCallback((field: F) => {
    setServerErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const focus = (field: F) => document.getElementById(ids[field])?.focus();

  /** On submit: shows every problem and focuses the first; true when the form may be sent. */
  const validateAll = (): boolean => {
    const fields = Object.keys(ids) as F[];
    setTouched(Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<F, true>>);
    setFormError(null);
    const first = fields.find((f) => messages[f]);
    if (first) {
      focus(first);
      return false;
    }
    return true;
  };

  /** Files a refused request under its field when the form has one, else above the button. */
  const showServerError = (error: unknown) => {
    if (isAuthenticationRequired(error)) return;
    const apiError = error instanceof ApiError ? error : new ApiError(0, 'unknown', genericError);
    const field = apiError.field as F | undefined;
    if (field && field in ids) {
      setServerErrors((current) => ({ ...current, [field]: apiError.message }));
      focus(field);
    } else {
      setFormError(apiError);
    }
  };

  /** After a successful save that empties fields: they start fresh, without 'required' errors. */
  const reset = useCallback(() => {
    setTouched({});
    setServerErrors({});
    setFormError(null);
  }, []);

  return { errorOf, touch, changed, validateAll, showServerError, formError, setFormError, reset };
}

/** useFieldErrors for the account forms: problems are codes of field-problems.ts, translated here. */
export function useFormErrors<F extends string>(problems: Problems<F>, ids: Record<F, string>) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { minimum_age: minimumAge, message_length: messageLength } = useSettings();
  const messages: Partial<Record<F, string>> = {};
  for (const field of Object.keys(problems) as F[]) {
    const code = problems[field];
    if (code) messages[field] = problemMessage(t, code, { minimumAge, messageLength });
  }
  return useFieldErrors(messages, ids, t('errors.generic'));
}
