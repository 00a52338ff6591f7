import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { LOOKING_FOR_GENDERS } from '@cupido/shared/rules/profiles';
import { SelectField } from '../../../ui/form/select-field';
import type { FieldBinding } from '../../../ui/form/use-zod-form';
import { PROFILES_NS } from '../profiles-texts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '../profile-limits';
import type { ProfileField } from './profile-values';

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => {
  const age = String(SEARCH_MIN_AGE + i);
  return { value: age, label: age };
});

/**
 * "Looking for" of the own profile (decision 013): the gender and age range the member search
 * starts with. Left empty, the search derives them from the member's own profile. With the gender,
 * whom one looks for reveals the orientation: without the orientation consent it is not saved
 * (decision 036), so its choice waits for the consent, as the sexuality does.
 */
export function LookingForFields({
  ids,
  gender,
  minAge,
  maxAge,
  onAgeChosen,
  orientationConsent,
}: {
  ids: Record<ProfileField, string>;
  /** The member's orientation consent stands: whom they look for may be saved. */
  orientationConsent: boolean;
  gender: FieldBinding<string>;
  minAge: FieldBinding<string>;
  maxAge: FieldBinding<string>;
  /** Either bound was chosen. */
  onAgeChosen: () => void;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const chosen = (onChange: (value: string) => void) => (value: string) => {
    onChange(value);
    onAgeChosen();
  };
  return (
    <section className="mb-4" aria-labelledby="profile-looking-for-title">
      <h2 id="profile-looking-for-title" className="h5 mb-1">
        {t('profile.lookingForTitle')}
      </h2>
      <p className="text-body-secondary small mb-3">{t('profile.lookingForHelp')}</p>
      {/* One select a row on a phone: "Based on my profile" and its translations stay whole (issue 29). */}
      <div className="row g-3">
        <SelectField
          id={ids.looking_for_gender}
          className="col-12"
          label={t('fields.looking_for_gender')}
          options={LOOKING_FOR_GENDERS.map((id) => ({ value: id, label: t(`options.looking_for_gender.${id}`) }))}
          empty={t('profile.lookingForAuto')}
          {...gender}
          disabled={!orientationConsent && !gender.value}
          help={
            orientationConsent ? undefined : (
              <>
                {t('profile.lookingForNoConsent')}{' '}
                <Link id="profile-looking-for-consent" to={routePath('notifications')}>
                  {t('profile.sexualityConsentLink')}
                </Link>
              </>
            )
          }
        />
        <SelectField
          id={ids.looking_for_min_age}
          className="col-12 col-sm-6"
          label={t('fields.looking_for_min_age')}
          options={AGES}
          empty={t('profile.lookingForAuto')}
          {...minAge}
          onChange={chosen(minAge.onChange)}
        />
        <SelectField
          id={ids.looking_for_max_age}
          className="col-12 col-sm-6"
          label={t('fields.looking_for_max_age')}
          options={AGES}
          empty={t('profile.lookingForAuto')}
          {...maxAge}
          onChange={chosen(maxAge.onChange)}
        />
      </div>
    </section>
  );
}
