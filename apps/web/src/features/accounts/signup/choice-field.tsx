import type { FocusEvent, ReactNode } from 'react';
import { FieldError, FieldHelp } from '../../../ui/form/field';
import type { Option } from '../../../ui/form/select-field';

/**
 * One choice of a few, as a real radio group: a fieldset named by its legend, native radios (Tab
 * reaches the group, the arrow keys choose), each with its label drawn as a button that is at least
 * 44 px high and shares the row with the others, so two or three fit side by side at 375 px. The
 * radios are `<id>-<value>`; the error (`<id>-error`) and the help (`<id>-help`) describe each.
 */
export function ChoiceField({
  id,
  legend,
  options,
  value,
  error,
  help,
  onChange,
  onBlur,
}: {
  id: string;
  legend: string;
  options: Option[];
  value: string;
  error: string | undefined;
  help?: ReactNode;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  // Checked when focus leaves the whole group, not when moving from one radio to the next.
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} className="mb-3" onBlur={leave} aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      <div className="d-flex gap-2">
        {options.map((option) => (
          <div key={option.value} className="flex-fill" style={{ flexBasis: 0 }}>
            <input
              type="radio"
              className="btn-check"
              id={`${id}-${option.value}`}
              name={id}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={() => onChange(option.value)}
            />
            <label
              className={`btn w-100 h-100 d-flex align-items-center justify-content-center ${error ? 'btn-outline-danger' : 'btn-outline-primary'}`}
              style={{ minHeight: 44 }}
              htmlFor={`${id}-${option.value}`}
            >
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} error={error} />
      {help && <FieldHelp id={id}>{help}</FieldHelp>}
    </fieldset>
  );
}
