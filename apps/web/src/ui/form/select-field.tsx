import type { ReactNode } from 'react';
import { controlProps, FieldError, FieldHelp } from './field';

export interface Option {
  value: string;
  label: string;
}

/**
 * A labelled select with its error (and help, when given) tied to it; `empty` is the label of the
 * '' option (none when absent).
 */
export function SelectField({
  id,
  label,
  value,
  options,
  empty,
  error,
  onChange,
  onBlur,
  disabled,
  help,
  className = 'mb-3',
  small = false,
}: {
  id: string;
  label: string;
  value: string;
  options: Option[];
  empty?: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  help?: ReactNode;
  className?: string;
  /** The compact size (a toolbar's filter). */
  small?: boolean;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={small ? 'form-label small mb-1' : 'form-label'}>
        {label}
      </label>
      <select
        {...controlProps(id, error, help !== undefined)}
        className={`form-select${small ? ' form-select-sm' : ''}${error ? ' is-invalid' : ''}`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
      {help !== undefined && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}
