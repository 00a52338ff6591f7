/**
 * Small parts of the staff screens' forms: a labelled input of any type (passwords and codes,
 * which the members' TextField does not take), the form-level error, and the bridge from the back
 * office's AdminApiError to the ApiError the shared form hook files under its field.
 */
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { controlProps, FieldError, FieldHelp } from '../../ui/form/field';
import { AdminApiError } from '../api';

export const asApiError = (error: unknown) => (error instanceof AdminApiError ? new ApiError(error.status, error.code, error.message, error.field) : error);

interface InputFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  help?: ReactNode;
  autoFocus?: boolean;
  maxLength?: number;
}

export function InputField({ id, label, value, error, onChange, onBlur, type = 'text', autoComplete, inputMode, help, autoFocus, maxLength }: InputFieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        {...controlProps(id, error, !!help)}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoCapitalize="none"
        spellCheck={false}
        // The step's only field: focusing it is what a keyboard user expects on arriving.
        autoFocus={autoFocus}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} error={error} />
      {help && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}

export function FormError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      {error.message}
    </div>
  );
}
