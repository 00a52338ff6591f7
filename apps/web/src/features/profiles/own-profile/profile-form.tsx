import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@cupido/shared/accounts';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '@cupido/shared/profile-options';
import type { TGeocodeAnswer, TOwnProfile } from '@cupido/shared/profiles';
import { routePath } from '@cupido/shared/routes';
import { ACCOUNTS_NS } from '../../accounts/accounts-texts';
import { controlProps, FieldError, FieldHelp, TextField } from '../../accounts/form/field';
import { problemMessage } from '../../accounts/form/field-problems';
import { useFieldErrors } from '../../accounts/form/use-form-errors';
import { ServerError } from '../../accounts/server-error';
import { DateOfBirthField } from '../../accounts/signup/date-of-birth-field';
import { useSettings } from '../../site/use-settings';
import { useRegions, useUpdateProfile } from '../profile-calls';
import { useCountryName, useOptionLabel, useRegionLabel, type OptionAttribute } from '../profile-labels';
import { PROFILES_NS } from '../profiles-texts';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, MAX_INTERESTS } from '../profile-limits';
import { GeolocationButton, type PlaceOutcome } from './geolocation-button';
import { InterestsField } from './interests-field';
import { LookingForFields } from './looking-for-fields';
import { changesOf, profileProblems, valuesOf, type ProfileField, type ProfileProblem, type ProfileValues } from './profile-values';
import { SelectField } from './select-field';

const IDS: Record<ProfileField, string> = {
  name: 'profile-name',
  gender: 'profile-gender',
  sexuality: 'profile-sexuality',
  // Focus goes to the first select of the group.
  date_of_birth: 'profile-date-of-birth-day',
  country: 'profile-country',
  region: 'profile-region',
  city: 'profile-city',
  hair_color: 'profile-hair-color',
  eye_color: 'profile-eye-color',
  body_type: 'profile-body-type',
  relationship_status: 'profile-relationship-status',
  tattoos: 'profile-tattoos',
  signup_reason: 'profile-signup-reason',
  interests: 'profile-interests',
  about: 'profile-about',
  looking_for_gender: 'profile-looking-for-gender',
  looking_for_min_age: 'profile-looking-for-min-age',
  looking_for_max_age: 'profile-looking-for-max-age',
};

const OPTION_LISTS: Record<Exclude<OptionAttribute, 'gender' | 'sexuality'>, readonly string[]> = {
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
  signup_reason: SIGNUP_REASONS,
};

const PROFILE_PROBLEMS = new Set<ProfileProblem>(['city_too_long', 'about_too_long', 'too_many_interests']);

/**
 * Every profile attribute of spec section 3, saved with one button. Client checks show under
 * their input as the server words them; a refused save shows the server's message under the
 * field it names.
 */
export function ProfileForm({ profile, user }: { profile: TOwnProfile; user: TUser }) {
  const { t } = useTranslation(PROFILES_NS);
  const { t: ta } = useTranslation(ACCOUNTS_NS);
  const settings = useSettings();
  const countryName = useCountryName();
  const optionLabel = useOptionLabel();
  const regionLabel = useRegionLabel();
  const [saved, setSaved] = useState<ProfileValues>(() => valuesOf(profile));
  const [values, setValues] = useState<ProfileValues>(saved);
  const [done, setDone] = useState(false);
  const update = useUpdateProfile();
  const regions = useRegions(values.country);

  const problems = profileProblems(values, user.email, settings.minimum_age, new Date());
  const messages: Partial<Record<ProfileField, string>> = {};
  for (const [field, code] of Object.entries(problems) as [ProfileField, ProfileProblem][]) {
    messages[field] = code === 'age_range_reversed'
      ? t('search.ageRangeReversed')
      : PROFILE_PROBLEMS.has(code)
      ? t(`errors.${code}`, { max: code === 'city_too_long' ? CITY_MAX_LENGTH : code === 'about_too_long' ? ABOUT_MAX_LENGTH : MAX_INTERESTS })
      : problemMessage(ta, code as Parameters<typeof problemMessage>[1], { minimumAge: settings.minimum_age, messageLength: settings.message_length });
  }
  const form = useFieldErrors(messages, IDS, ta('errors.generic'));

  const set = <F extends ProfileField>(field: F, value: ProfileValues[F]) => {
    setValues((current) => ({ ...current, [field]: value, ...(field === 'country' && value !== current.country ? { region: '' } : {}) }));
    form.changed(field);
    if (field === 'country') form.changed('region');
    setDone(false);
  };

  /** The geolocation button's place: filled in when the site serves its country (saved with the form). */
  const applyPlace = (place: TGeocodeAnswer): PlaceOutcome => {
    if (!settings.countries.includes(place.country)) return { filled: false, country: countryName(place.country) };
    setValues((current) => ({ ...current, country: place.country, region: place.region ?? '', city: place.city ?? current.city }));
    (['country', 'region', 'city'] as const).forEach(form.changed);
    setDone(false);
    return { filled: true, place: [place.city, countryName(place.country)].filter(Boolean).join(', ') };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (!form.validateAll()) return;
    const changes = changesOf(values, saved);
    if (Object.keys(changes).length === 0) {
      setDone(true);
      return;
    }
    update.mutate(changes, {
      onSuccess: (fresh) => {
        const next = valuesOf(fresh);
        setSaved(next);
        setValues(next);
        setDone(true);
      },
      onError: form.showServerError,
    });
  };

  const countries = settings.countries.includes(values.country) || !values.country ? settings.countries : [values.country, ...settings.countries];
  const optionsOf = (attribute: OptionAttribute, ids: readonly string[]) => ids.map((id) => ({ value: id, label: optionLabel(attribute, id) }));
  const aboutLength = values.about.trim().length;

  return (
    <form id="profile-form" onSubmit={submit} noValidate>
      <section className="mb-4" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="h5 mb-3">
          {t('profile.detailsTitle')}
        </h2>
        <TextField
          id={IDS.name}
          label={ta('fields.name')}
          value={values.name}
          error={form.errorOf('name')}
          onChange={(v) => set('name', v)}
          onBlur={() => form.touch('name')}
          autoComplete="nickname"
          help={ta('fields.nameHelp')}
        />
        <div className="row g-3">
          <div className="col-sm-6">
            <SelectField
              id={IDS.gender}
              label={t('fields.gender')}
              value={values.gender}
              options={optionsOf('gender', GENDERS)}
              empty={values.gender ? undefined : t('common.choose')}
              error={form.errorOf('gender')}
              onChange={(v) => set('gender', v)}
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              id={IDS.sexuality}
              label={t('fields.sexuality')}
              value={values.sexuality}
              options={optionsOf('sexuality', SEXUALITIES)}
              empty={values.sexuality ? undefined : t('common.choose')}
              error={form.errorOf('sexuality')}
              onChange={(v) => set('sexuality', v)}
              // Without the orientation consent no sexuality is kept (trust.md); it is given again in the settings.
              disabled={!user.orientation_consent}
              help={
                user.orientation_consent ? undefined : (
                  <>
                    {t('profile.sexualityWithdrawn')}{' '}
                    <Link id="profile-sexuality-consent" to={routePath('notifications')}>
                      {t('profile.sexualityConsentLink')}
                    </Link>
                  </>
                )
              }
            />
          </div>
        </div>
        <DateOfBirthField
          id="profile-date-of-birth"
          value={values.date_of_birth}
          error={form.errorOf('date_of_birth')}
          minimumAge={settings.minimum_age}
          onChange={(v) => set('date_of_birth', v)}
          onBlur={() => form.touch('date_of_birth')}
        />
      </section>

      <section className="mb-4" aria-labelledby="profile-location-title">
        <h2 id="profile-location-title" className="h5 mb-3">
          {t('profile.locationTitle')}
        </h2>
        <GeolocationButton onPlace={applyPlace} />
        <div className="row g-3">
          <div className="col-sm-6">
            <SelectField
              id={IDS.country}
              label={t('fields.country')}
              value={values.country}
              options={countries.map((code) => ({ value: code, label: countryName(code) }))}
              error={form.errorOf('country')}
              onChange={(v) => set('country', v)}
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              id={IDS.region}
              label={regionLabel(regions.data?.label)}
              value={values.region}
              options={(regions.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
              empty={t('common.notSpecified')}
              error={form.errorOf('region')}
              onChange={(v) => set('region', v)}
            />
          </div>
        </div>
        <TextField
          id={IDS.city}
          label={t('fields.city')}
          value={values.city}
          error={form.errorOf('city')}
          onChange={(v) => set('city', v)}
          onBlur={() => form.touch('city')}
          autoComplete="address-level2"
        />
      </section>

      <section className="mb-4" aria-labelledby="profile-looks-title">
        <h2 id="profile-looks-title" className="h5 mb-3">
          {t('profile.moreTitle')}
        </h2>
        <div className="row g-3">
          {(Object.keys(OPTION_LISTS) as (keyof typeof OPTION_LISTS)[]).map((attribute) => (
            <div key={attribute} className="col-sm-6">
              <SelectField
                id={IDS[attribute]}
                label={t(`fields.${attribute}`)}
                value={values[attribute]}
                options={optionsOf(attribute, OPTION_LISTS[attribute])}
                empty={t('common.notSpecified')}
                error={form.errorOf(attribute)}
                onChange={(v) => set(attribute, v)}
              />
            </div>
          ))}
        </div>
        <InterestsField id={IDS.interests} value={values.interests} error={form.errorOf('interests')} onChange={(v) => { set('interests', v); form.touch('interests'); }} />
        <div className="mb-3">
          <label htmlFor={IDS.about} className="form-label">
            {t('fields.about')}
          </label>
          <textarea
            {...controlProps(IDS.about, form.errorOf('about'), true)}
            className={`form-control${form.errorOf('about') ? ' is-invalid' : ''}`}
            rows={5}
            value={values.about}
            onChange={(e) => set('about', e.target.value)}
            onBlur={() => form.touch('about')}
          />
          <FieldError id={IDS.about} error={form.errorOf('about')} />
          <FieldHelp id={IDS.about}>{t('profile.aboutHelp', { number: aboutLength, max: ABOUT_MAX_LENGTH })}</FieldHelp>
        </div>
      </section>

      <LookingForFields ids={IDS} values={values} errorOf={form.errorOf} onChange={set} onTouch={form.touch} />

      <ServerError error={form.formError} id="profile-error" />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <button id="profile-submit" type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? ta('common.saving') : t('profile.save')}
        </button>
        <Link id="profile-view-own" to={routePath('members-id', { id: profile.id })}>
          {t('profile.viewOwn')}
        </Link>
      </div>
      <div aria-live="polite">
        {done && (
          <div id="profile-saved" className="alert alert-success mt-3 mb-0" role="status">
            {t('profile.saved')}
          </div>
        )}
      </div>
    </form>
  );
}
