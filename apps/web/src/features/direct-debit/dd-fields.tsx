import type { ReactNode } from 'react';
import { controlProps, FieldError, FieldHelp } from '../../ui/form/field';

interface InputFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel';
  /** Codes and account numbers: no capitalising, no spelling check. */
  verbatim?: boolean;
  maxLength?: number;
  help?: ReactNode;
  className?: string;
}

/** A labelled input with its error and help tied to it (the form kit's TextField, with tel and numeric codes). */
export function InputField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  inputMode,
  verbatim,
  maxLength,
  help,
  className = 'mb-3',
}: InputFieldProps) {
  return (
    <div className={className}>
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
        autoCapitalize={verbatim ? 'characters' : undefined}
        autoCorrect={verbatim ? 'off' : undefined}
        spellCheck={verbatim ? false : undefined}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} error={error} />
      {help && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}

interface CheckFieldProps {
  id: string;
  value: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  children: ReactNode;
}

/** A checkbox with its text as the label; box and text together are a tap target of at least 44 px. */
export function CheckField({ id, value, error, onChange, onBlur, children }: CheckFieldProps) {
  return (
    <div className="form-check dd-check mb-3">
      <input
        {...controlProps(id, error)}
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        type="checkbox"
        checked={value}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
      />
      <label className="form-check-label small" htmlFor={id}>
        {children}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}
