import type { ReactNode } from 'react';

/** Accessibility props of a control: id, aria-invalid and aria-describedby (error, then help). */
export function controlProps(id: string, error: string | undefined, help = false) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  );
}

export function FieldHelp({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={`${id}-help`} className="form-text">
      {children}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  help?: ReactNode;
  /** Rendered right under the input (e.g. the did-you-mean suggestion). */
  after?: ReactNode;
  inputMode?: 'email' | 'text' | 'numeric';
  /** Taken exactly as typed (codes, passwords): no capitalising, no spelling check (the default for e-mail). */
  verbatim?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
}

/** A labelled input with its error and help text tied to it. */
export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  help,
  after,
  inputMode,
  verbatim = type === 'email',
  autoFocus,
  maxLength,
}: TextFieldProps) {
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
        autoCapitalize={verbatim ? 'none' : undefined}
        spellCheck={verbatim ? false : undefined}
        autoFocus={autoFocus}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} error={error} />
      {after}
      {help && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}

interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
  /** The most characters the textarea takes (a counter in `help` can count down to it). */
  maxLength?: number;
  help?: ReactNode;
}

/** A labelled textarea with its error and help text tied to it. */
export function TextAreaField({ id, label, value, error, onChange, onBlur, rows = 3, maxLength, help }: TextAreaFieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        {...controlProps(id, error, help !== undefined)}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} error={error} />
      {help !== undefined && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}
