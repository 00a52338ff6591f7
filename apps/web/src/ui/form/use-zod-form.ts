import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import {
  get,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type PathValue,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '../../api/client';

/** A message the server sent about a field (already translated), and the value it refused (as JSON: a list compares by its items). */
interface ServerFieldError {
  message: string;
  refused: string;
}

export interface ZodFormOptions<V extends FieldValues, R> {
  /** Usually a formSchema(...): the values in, the call's request out. */
  schema: z.ZodType<R, V>;
  defaultValues: DefaultValues<V>;
  /** The element id of each field, in the order of the form: a failed submit focuses the first field with an error. */
  ids: Partial<Record<FieldPath<V>, string>>;
  /** The text of a code the schema put under a field. */
  messageOf: (code: string) => string;
  /** The text of a failure that is no ApiError. */
  genericError: string;
  /** Fields whose rule reads another field (the name is not the e-mail, the repeated password...): checked again when that one changes, once they show their errors. */
  dependents?: Partial<Record<FieldPath<V>, FieldPath<V>[]>>;
  /** A failure that shows nothing (the silent logout of authentication_required). */
  isSilent?: (error: unknown) => boolean;
}

/** What a field component needs: its value, its error text, and what to call on change and when left. */
export interface FieldBinding<T> {
  value: T;
  error: string | undefined;
  onChange: (value: T) => void;
  /** Absent with checkOnBlur: false. */
  onBlur?: () => void;
}

export interface BindOptions {
  /** false: leaving the field shows nothing yet, only sending does (a login password left empty to click "Forgot password"). */
  checkOnBlur?: boolean;
  /** true: every change shows the field's problem at once (a counter-like limit, a choice). */
  checkOnChange?: boolean;
}

/**
 * react-hook-form with the zod resolver, as every form of the app behaves (decision 025): an
 * error shows once its field was left or the form sent, and goes as soon as the value is right
 * (mode onTouched); a failed submit focuses the first invalid field; a server error that names a
 * field shows under it until that field changes, any other above the button (`formError`);
 * `reset` after a successful save empties the form without 'required' errors.
 */
export function useZodForm<V extends FieldValues, R>(options: ZodFormOptions<V, R>) {
  const form = useForm<V, unknown, R>({
    resolver: zodResolver(options.schema as never) as never,
    defaultValues: options.defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // Focus goes by element id (ids): custom fields (date selects, chips) have no single ref.
    shouldFocusError: false,
  });
  // Every value, for controlled inputs: the form re-renders as they change.
  const values = useWatch({ control: form.control });
  const [formError, setFormError] = useState<ApiError | null>(null);
  // Kept beside react-hook-form's errors: a server error stays until its field changes, not
  // until the field is next validated (leaving it would otherwise wipe the server's word).
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, ServerFieldError>>>({});

  const focus = (field: FieldPath<V>) => {
    const id = options.ids[field];
    if (id) document.getElementById(id)?.focus();
  };

  // A change re-checks the fields that depend on it, if they already show their errors.
  const { subscribe, trigger, getFieldState } = form;
  const recheckDependents = useEffectEvent((changed: string) => {
    const dependents = options.dependents?.[changed as FieldPath<V>] ?? [];
    const due = dependents.filter((field) => form.formState.isSubmitted || getFieldState(field).isTouched);
    if (due.length > 0) void trigger(due);
  });
  useEffect(
    () =>
      subscribe({ formState: { values: true }, callback: ({ name, type }) => void (type === 'change' && name && recheckDependents(name)) }),
    [subscribe],
  );

  const errorOf = (field: FieldPath<V>): string | undefined => {
    const server = serverErrors[field];
    if (server && server.refused === JSON.stringify(form.getValues(field))) return server.message;
    const error = get(form.formState.errors, field) as FieldError | undefined;
    return error?.message ? options.messageOf(error.message) : undefined;
  };

  /** Value, error and handlers of a field for a controlled component (TextField, SelectField...). */
  const bind = <N extends FieldPath<V>>(
    field: N,
    { checkOnBlur = true, checkOnChange = false }: BindOptions = {},
  ): FieldBinding<PathValue<V, N>> => {
    // The documented way for controlled custom inputs: the registered handlers with the value as the event's target.
    const registered = form.register(field);
    // As react-hook-form's Controller does: a blur event carries the current value, or the field would lose it.
    const blur = () => void registered.onBlur({ target: { name: field, value: form.getValues(field) }, type: 'blur' });
    return {
      value: get(values, field) as PathValue<V, N>,
      error: errorOf(field),
      onChange: (value) => {
        void registered.onChange({ target: { name: field, value }, type: 'change' });
        if (checkOnChange) blur();
      },
      onBlur: checkOnBlur ? blur : undefined,
    };
  };

  /** The form's onSubmit: checks everything, then calls `send` with the call's request; else focuses the first problem. */
  const onSubmit = (send: (request: R) => void) => (event: FormEvent) => {
    setFormError(null);
    void form.handleSubmit(send, (errors) => {
      const fields = Object.keys(options.ids) as FieldPath<V>[];
      const first = fields.find((field) => get(errors, field));
      if (first) focus(first);
      // A problem under no field of the form (a value the contract refused that nobody typed) must not pass in silence.
      else setFormError(new ApiError(0, 'invalid_request', options.genericError));
    })(event);
  };

  /** Files a refused request under its field when the form has one, else above the button. */
  const showServerError = (error: unknown) => {
    if (options.isSilent?.(error)) return;
    const apiError = error instanceof ApiError ? error : new ApiError(0, 'unknown', options.genericError);
    const field = apiError.field as FieldPath<V> | undefined;
    if (field && field in options.ids) {
      setServerErrors((current) => ({
        ...current,
        [field]: { message: apiError.message, refused: JSON.stringify(form.getValues(field)) },
      }));
      focus(field);
    } else {
      setFormError(apiError);
    }
  };

  /** After a successful save: these values (default: the empty form), and no errors, touched fields or submit state. */
  const reset = (next?: DefaultValues<V>) => {
    form.reset(next ?? options.defaultValues);
    setFormError(null);
    setServerErrors({});
  };

  /** Marks a field as left, so its problem shows (a choice elsewhere made it relevant). */
  const touch = (field: FieldPath<V>) =>
    void form.register(field).onBlur({ target: { name: field, value: form.getValues(field) }, type: 'blur' });

  return { form, bind, errorOf, onSubmit, showServerError, formError, setFormError, reset, touch };
}
