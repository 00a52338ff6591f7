import { useTranslation } from 'react-i18next';
import { useLocale } from '../../locale/use-locale';
import { useInterests } from '../profile-calls';
import { PROFILES_NS } from '../profiles-texts';
import { MAX_INTERESTS } from '../profile-limits';

/**
 * The interests of /api/interests.php (named and sorted in the member's language) as toggle
 * chips: real checkboxes, so they work with the keyboard and screen readers.
 */
export function InterestsField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string[];
  error: string | undefined;
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const { locale } = useLocale();
  const interests = useInterests(locale);
  const chosen = new Set(value);
  const toggle = (interest: string, on: boolean) => onChange(on ? [...value, interest] : value.filter((v) => v !== interest));
  const describedBy = [error ? `${id}-error` : null, `${id}-help`].filter(Boolean).join(' ');

  return (
    <fieldset id={id} className="mb-3" tabIndex={-1} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="form-label fs-6 mb-1">{t('fields.interests')}</legend>
      <div id={`${id}-help`} className="form-text mt-0 mb-2">
        {t('profile.interestsHelp', { max: MAX_INTERESTS, number: value.length })}
      </div>
      {interests.isPending && <p className="text-body-secondary small">{t('common.loading')}</p>}
      {interests.error && <p className="text-danger small">{interests.error.message}</p>}
      <div className="interest-chips">
        {interests.data?.map((interest) => {
          const inputId = `${id}-${interest.id}`;
          return (
            <span key={interest.id}>
              <input
                type="checkbox"
                className="btn-check"
                id={inputId}
                value={interest.id}
                checked={chosen.has(interest.id)}
                onChange={(event) => toggle(interest.id, event.target.checked)}
              />
              <label className="btn btn-outline-primary btn-sm" htmlFor={inputId}>
                {interest.name}
              </label>
            </span>
          );
        })}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
