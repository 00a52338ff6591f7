/**
 * Inputs of the site editor beyond the form kit's text and select fields: whole numbers,
 * switches, a group of checkboxes for a list, a text per language and a list typed one per line. Each takes a FieldBinding (useZodForm's `bind`),
 * is labelled, and ties its error to the control.
 */
import type { ReactNode } from 'react';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import { controlProps, FieldError, FieldHelp, TextAreaField } from '../../ui/form/field';
import type { FieldBinding } from '../../ui/form/use-zod-form';

export function NumberField({
  id,
  label,
  field,
  help,
  min,
  max,
}: {
  id: string;
  label: string;
  field: FieldBinding<number>;
  help?: ReactNode;
  min?: number;
  max?: number;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        {...controlProps(id, field.error, help !== undefined)}
        className={`form-control${field.error ? ' is-invalid' : ''}`}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={Number.isFinite(field.value) ? String(field.value) : ''}
        onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        onBlur={field.onBlur}
      />
      <FieldError id={id} error={field.error} />
      {help !== undefined && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}

export function SwitchField({ id, label, field, help }: { id: string; label: string; field: FieldBinding<boolean>; help?: ReactNode }) {
  return (
    <div className="form-check form-switch mb-3">
      <input
        {...controlProps(id, field.error, help !== undefined)}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={!!field.value}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <FieldError id={id} error={field.error} />
      {help !== undefined && <FieldHelp id={id}>{help}</FieldHelp>}
    </div>
  );
}

/** A list of known values as checkboxes in a fieldset; the id goes to the first box (focus on error). */
export function CheckboxGroup<T extends string>({
  id,
  legend,
  options,
  field,
  labelOf = (value) => value,
}: {
  id: string;
  legend: string;
  options: readonly T[];
  field: FieldBinding<T[]>;
  labelOf?: (value: T) => string;
}) {
  const selected = new Set(field.value ?? []);
  const toggle = (value: T, on: boolean) => field.onChange(options.filter((option) => (option === value ? on : selected.has(option))));
  return (
    <fieldset className="mb-3" aria-describedby={field.error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {options.map((option, index) => (
          <div className="form-check" key={option}>
            <input
              id={index === 0 ? id : `${id}-${option}`}
              className={`form-check-input${field.error ? ' is-invalid' : ''}`}
              type="checkbox"
              checked={selected.has(option)}
              onChange={(e) => toggle(option, e.target.checked)}
              onBlur={field.onBlur}
            />
            <label className="form-check-label" htmlFor={index === 0 ? id : `${id}-${option}`}>
              {labelOf(option)}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} error={field.error} />
    </fieldset>
  );
}

/** One input per language (English first, the site's fallback), in a fieldset named after the setting. */
export function LocalizedTextFields({
  id,
  legend,
  bindLocale,
  multiline = false,
  help,
}: {
  id: string;
  legend: string;
  bindLocale: (locale: LocaleCode) => FieldBinding<string | undefined>;
  multiline?: boolean;
  help?: ReactNode;
}) {
  return (
    <fieldset className="mb-3 border rounded p-2">
      <legend className="form-label fs-6 float-none w-auto px-1 mb-1">{legend}</legend>
      {help !== undefined && <div className="form-text mb-2">{help}</div>}
      {LOCALES.map((locale) => {
        const field = bindLocale(locale.code);
        const inputId = `${id}-${locale.code}`;
        const props = {
          ...controlProps(inputId, field.error),
          className: `form-control form-control-sm${field.error ? ' is-invalid' : ''}`,
          lang: locale.code,
          value: field.value ?? '',
          onBlur: field.onBlur,
        };
        return (
          <div className="row g-1 align-items-start mb-1" key={locale.code}>
            <label htmlFor={inputId} className="col-12 col-sm-2 col-form-label col-form-label-sm">
              {locale.nativeName} ({locale.code})
            </label>
            <div className="col-12 col-sm-10">
              {multiline ? (
                <textarea {...props} rows={2} onChange={(e) => field.onChange(e.target.value)} />
              ) : (
                <input {...props} type="text" onChange={(e) => field.onChange(e.target.value)} />
              )}
              <FieldError id={inputId} error={field.error} />
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A list of free texts (trade names, VAT numbers), one per line. */
export function LinesField({ id, label, field, help }: { id: string; label: string; field: FieldBinding<string[]>; help?: ReactNode }) {
  return (
    <TextAreaField
      id={id}
      label={label}
      help={help}
      value={(field.value ?? []).join('\n')}
      error={field.error}
      onChange={(value) => field.onChange(value === '' ? [] : value.split('\n'))}
      onBlur={field.onBlur}
    />
  );
}
