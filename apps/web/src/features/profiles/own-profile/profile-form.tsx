import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '@cupido/shared/rules/profile-options';
import { ZProfileUpdate, type TGeocodeAnswer, type TOwnProfile } from '@cupido/shared/contracts/profiles';
import { routePath } from '@cupido/shared/rules/routes';
import { ACCOUNTS_NS } from '../../accounts/accounts-texts';
import { TextAreaField, TextField } from '../../../ui/form/field';
import { formSchema } from '../../../ui/form/form-schema';
import { SelectField } from '../../../ui/form/select-field';
import { useAccountForm } from '../../accounts/form/use-account-form';
import { ServerError } from '../../session/server-error';
import { DateOfBirthField } from '../../accounts/signup/date-of-birth-field';
import { useSettings } from '../../site/use-settings';
import { useRegions, useUpdateProfile } from '../profile-calls';
import { useCountryName, useOptionLabel, useRegionLabel, type OptionAttribute } from '../profile-labels';
import { PROFILES_NS } from '../profiles-texts';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, MAX_INTERESTS } from '../profile-limits';
import { GeolocationButton, type PlaceOutcome } from './geolocation-button';
import { InterestsField } from './interests-field';
import { LookingForFields } from './looking-for-fields';
import { changesOf, profileProblems, valuesOf, ZProfileValues, type ProfileField, type ProfileValues } from './profile-values';

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

const PROFILE_PROBLEMS = new Set(['city_too_long', 'about_too_long', 'too_many_interests']);

/** The own profile's checks (the server's own), then only what changed, parsed by the update contract. */
function profileFormSchema(saved: ProfileValues, email: string, minimumAge: number) {
  return formSchema({
    fields: ZProfileValues,
    rules: (values) => profileProblems(values, email, minimumAge, new Date()),
    request: (values) => changesOf(values, saved),
    contract: ZProfileUpdate,
  });
}

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
  const [done, setDone] = useState(false);
  const update = useUpdateProfile();
  const schema = useMemo(() => profileFormSchema(saved, user.email, settings.minimum_age), [saved, user.email, settings.minimum_age]);
  const form = useAccountForm({
    schema,
    defaultValues: saved,
    ids: IDS,
    // The name may not be the e-mail address; the maximum age not below the minimum.
    dependents: { looking_for_min_age: ['looking_for_max_age'] },
    messageOf: (code) =>
      code === 'age_range_reversed'
        ? t('search.ageRangeReversed')
        : PROFILE_PROBLEMS.has(code)
          ? t(`errors.${code}`, {
              max: code === 'city_too_long' ? CITY_MAX_LENGTH : code === 'about_too_long' ? ABOUT_MAX_LENGTH : MAX_INTERESTS,
            })
          : undefined,
  });
  const { setValue, clearErrors, subscribe } = form.form;
  const country = form.bind('country', { checkOnBlur: false });
  const city = form.bind('city');
  const regions = useRegions(country.value);
  // The browser's point the location button found, sent with the next save as `location` so
  // distances work (decision 036: stored as its ~1 km cell, never shown exactly). A country or
  // city typed afterwards is another place: the server then places the member at that city.
  const [located, setLocated] = useState<{ latitude: number; longitude: number } | null>(null);

  // Any edit makes an earlier "saved" stale.
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ type }) => type === 'change' && setDone(false) }), [subscribe]);

  /** A new country empties the region, which belongs to the old one. */
  const changeCountry = (value: string) => {
    if (value !== country.value) {
      setValue('region', '');
      clearErrors('region');
      setLocated(null);
    }
    country.onChange(value);
  };
  const changeCity = (value: string) => {
    setLocated(null);
    city.onChange(value);
  };

  /** The geolocation button's place: filled in when the site serves its country (saved with the form). */
  const applyPlace = (place: TGeocodeAnswer, point: { latitude: number; longitude: number }): PlaceOutcome => {
    if (!settings.countries.includes(place.country)) return { filled: false, country: countryName(place.country) };
    setLocated(point);
    setValue('country', place.country, { shouldDirty: true });
    setValue('region', place.region ?? '', { shouldDirty: true });
    if (place.city) setValue('city', place.city, { shouldDirty: true });
    clearErrors(['country', 'region', 'city']);
    setDone(false);
    return { filled: true, place: [place.city, countryName(place.country)].filter(Boolean).join(', ') };
  };

  const save = form.onSubmit((changed) => {
    const changes = located ? { ...changed, location: located } : changed;
    if (Object.keys(changes).length === 0) {
      setDone(true);
      return;
    }
    update.mutate(changes, {
      onSuccess: (fresh) => {
        setLocated(null);
        const next = valuesOf(fresh);
        setSaved(next);
        form.reset(next);
        setDone(true);
      },
      onError: form.showServerError,
    });
  });
  const submit = (event: FormEvent) => {
    setDone(false);
    save(event);
  };

  const countries =
    settings.countries.includes(country.value) || !country.value ? settings.countries : [country.value, ...settings.countries];
  const optionsOf = (attribute: OptionAttribute, ids: readonly string[]) =>
    ids.map((id) => ({ value: id, label: optionLabel(attribute, id) }));
  const about = form.bind('about');
  const interests = form.bind('interests', { checkOnChange: true });
  const gender = form.bind('gender', { checkOnBlur: false });
  const sexuality = form.bind('sexuality', { checkOnBlur: false });

  return (
    <form id="profile-form" onSubmit={submit} noValidate>
      <section className="mb-4" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="h5 mb-3">
          {t('profile.detailsTitle')}
        </h2>
        <TextField id={IDS.name} label={ta('fields.name')} autoComplete="nickname" help={ta('fields.nameHelp')} {...form.bind('name')} />
        <div className="row g-3">
          <div className="col-sm-6">
            <SelectField
              id={IDS.gender}
              label={t('fields.gender')}
              options={optionsOf('gender', GENDERS)}
              empty={gender.value ? undefined : t('common.choose')}
              {...gender}
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              id={IDS.sexuality}
              label={t('fields.sexuality')}
              options={optionsOf('sexuality', SEXUALITIES)}
              empty={sexuality.value ? undefined : t('common.choose')}
              {...sexuality}
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
        <DateOfBirthField id="profile-date-of-birth" minimumAge={settings.minimum_age} {...form.bind('date_of_birth')} />
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
              options={countries.map((code) => ({ value: code, label: countryName(code) }))}
              {...country}
              onChange={changeCountry}
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              id={IDS.region}
              label={regionLabel(regions.data?.label)}
              options={(regions.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
              empty={t('common.notSpecified')}
              {...form.bind('region', { checkOnBlur: false })}
            />
          </div>
        </div>
        <TextField id={IDS.city} label={t('fields.city')} autoComplete="address-level2" {...city} onChange={changeCity} />
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
                options={optionsOf(attribute, OPTION_LISTS[attribute])}
                empty={t('common.notSpecified')}
                {...form.bind(attribute, { checkOnBlur: false })}
              />
            </div>
          ))}
        </div>
        <InterestsField id={IDS.interests} {...interests} />
        <TextAreaField
          id={IDS.about}
          label={t('fields.about')}
          rows={5}
          help={t('profile.aboutHelp', { number: about.value.trim().length, max: ABOUT_MAX_LENGTH })}
          {...about}
        />
      </section>

      <LookingForFields
        ids={IDS}
        gender={form.bind('looking_for_gender', { checkOnBlur: false })}
        minAge={form.bind('looking_for_min_age')}
        maxAge={form.bind('looking_for_max_age', { checkOnChange: true })}
        // A reversed range is shown as soon as either bound is chosen, not only on Save.
        onAgeChosen={() => form.touch('looking_for_max_age')}
        orientationConsent={user.orientation_consent}
      />

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
