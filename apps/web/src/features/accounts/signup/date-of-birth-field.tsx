import { useMemo, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OLDEST_AGE } from '@cupido/shared/rules/accounts';
import { LOCALES } from '@cupido/shared/rules/locales';
import { useLocale } from '../../locale/use-locale';
import { ACCOUNTS_NS } from '../accounts-texts';
import { FieldError } from '../../../ui/form/field';
import './date-of-birth-field.scss';

interface Parts {
  day: string;
  month: string;
  year: string;
}

function split(value: string): Parts {
  const [year = '', month = '', day = ''] = value ? value.split('-') : [];
  return { day, month, year };
}

function join({ day, month, year }: Parts): string {
  return day && month && year ? `${year}-${month}-${day}` : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Date of birth as three selects (day, month, year): they work with the keyboard (type to jump),
 * with screen readers, and on a 375 px phone, in every browser, with month names in the
 * member's language. The years start at the minimum age. The group's id is `id`; the selects are
 * `<id>-day`, `<id>-month` and `<id>-year`.
 */
export function DateOfBirthField({
  id,
  value,
  error,
  minimumAge,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  error: string | undefined;
  minimumAge: number;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { locale } = useLocale();
  // Partly chosen dates live here; the form only sees complete ones.
  const [shown, setParts] = useState<Parts>(() => split(value));

  const months = useMemo(() => {
    const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
    const format = new Intl.DateTimeFormat(iso, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
  }, [locale]);
  const newestYear = new Date().getFullYear() - minimumAge;
  const years = Array.from({ length: OLDEST_AGE - minimumAge + 1 }, (_, i) => newestYear - i);

  const set = (part: keyof Parts, next: string) => {
    const updated = { ...shown, [part]: next };
    setParts(updated);
    onChange(join(updated));
  };
  // Validate when focus leaves the whole group, not when moving from day to month.
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };
  const describedBy = error ? `${id}-error` : undefined;
  const selectClass = `form-select${error ? ' is-invalid' : ''}`;

  return (
    <fieldset id={id} className="mb-3" onBlur={leave} aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-2">{t('fields.dateOfBirth')}</legend>
      <div className="row g-2 date-of-birth">
        <div className="col date-of-birth__day">
          <label htmlFor={`${id}-day`} className="visually-hidden">
            {t('fields.day')}
          </label>
          <select
            id={`${id}-day`}
            className={selectClass}
            value={shown.day}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="bday-day"
            onChange={(e) => set('day', e.target.value)}
          >
            <option value="">{t('fields.day')}</option>
            {Array.from({ length: 31 }, (_, i) => (
              <option key={i} value={pad(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
        <div className="col date-of-birth__month">
          <label htmlFor={`${id}-month`} className="visually-hidden">
            {t('fields.month')}
          </label>
          <select
            id={`${id}-month`}
            className={selectClass}
            value={shown.month}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="bday-month"
            onChange={(e) => set('month', e.target.value)}
          >
            <option value="">{t('fields.month')}</option>
            {months.map((name, i) => (
              <option key={i} value={pad(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="col date-of-birth__year">
          <label htmlFor={`${id}-year`} className="visually-hidden">
            {t('fields.year')}
          </label>
          <select
            id={`${id}-year`}
            className={selectClass}
            value={shown.year}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="bday-year"
            onChange={(e) => set('year', e.target.value)}
          >
            <option value="">{t('fields.year')}</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
