import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../accounts-texts';
import { controlProps, FieldError, FieldHelp } from '../../../ui/form/field';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: 'current-password' | 'new-password';
  help?: ReactNode;
}

/** A password input with a show/hide toggle (id <id>-toggle, aria-pressed). */
export function PasswordField({ id, label, value, error, onChange, onBlur, autoComplete, help }: PasswordFieldProps) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const [visible, setVisible] = useState(false);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group">
        <input
          {...controlProps(id, error, !!help)}
          className={`form-control${error ? ' is-invalid' : ''}`}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          id={`${id}-toggle`}
          className="btn btn-outline-secondary"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={t('fields.showPassword')}
          title={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldError id={id} error={error} />
      {help && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}
