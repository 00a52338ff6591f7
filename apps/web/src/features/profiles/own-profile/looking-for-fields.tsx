import { useTranslation } from 'react-i18next';
import { LOOKING_FOR_GENDERS } from '@cupido/shared/profile-rules';
import { PROFILES_NS } from '../profiles-texts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '../profile-limits';
import type { ProfileField, ProfileValues } from './profile-values';
import { SelectField } from './select-field';

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => {
  const age = String(SEARCH_MIN_AGE + i);
  return { value: age, label: age };
});

type LookingForField = 'looking_for_gender' | 'looking_for_min_age' | 'looking_for_max_age';

/**
 * "Looking for" of the own profile (decision 013): the gender and age range the member search
 * starts with. Left empty, the search derives them from the member's own profile.
 */
export function LookingForFields({
  ids,
  values,
  errorOf,
  onChange,
  onTouch,
}: {
  ids: Record<ProfileField, string>;
  values: ProfileValues;
  errorOf: (field: ProfileField) => string | undefined;
  onChange: (field: LookingForField, value: string) => void;
  /** A reversed range is shown as soon as either bound is chosen, not only on Save. */
  onTouch: (field: ProfileField) => void;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const setAge = (field: LookingForField, value: string) => {
    onChange(field, value);
    onTouch('looking_for_max_age');
  };
  return (
    <section className="mb-4" aria-labelledby="profile-looking-for-title">
      <h2 id="profile-looking-for-title" className="h5 mb-1">
        {t('profile.lookingForTitle')}
      </h2>
      <p className="text-body-secondary small mb-3">{t('profile.lookingForHelp')}</p>
      <div className="row g-3">
        <SelectField
          id={ids.looking_for_gender}
          className="col-12 col-sm-6"
          label={t('fields.looking_for_gender')}
          value={values.looking_for_gender}
          options={LOOKING_FOR_GENDERS.map((id) => ({ value: id, label: t(`options.looking_for_gender.${id}`) }))}
          empty={t('profile.lookingForAuto')}
          error={errorOf('looking_for_gender')}
          onChange={(v) => onChange('looking_for_gender', v)}
        />
        <SelectField
          id={ids.looking_for_min_age}
          className="col-6 col-sm-3"
          label={t('fields.looking_for_min_age')}
          value={values.looking_for_min_age}
          options={AGES}
          empty={t('profile.lookingForAuto')}
          error={errorOf('looking_for_min_age')}
          onChange={(v) => setAge('looking_for_min_age', v)}
        />
        <SelectField
          id={ids.looking_for_max_age}
          className="col-6 col-sm-3"
          label={t('fields.looking_for_max_age')}
          value={values.looking_for_max_age}
          options={AGES}
          empty={t('profile.lookingForAuto')}
          error={errorOf('looking_for_max_age')}
          onChange={(v) => setAge('looking_for_max_age', v)}
        />
      </div>
    </section>
  );
}
