/**
 * The fields of a fictional profile (react-hook-form with the zod resolver, through useZodForm):
 * the member profile's fields, checked here for what must be filled in and by the server with
 * the member profile's own rules (its messages land under their fields).
 */
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTEREST_IDS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '@cupido/shared/rules/profile-options';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, MAX_INTERESTS } from '@cupido/shared/rules/profiles';
import {
  ZFictionalProfileCreate,
  ZFictionalProfileUpdate,
  type TFictionalProfile,
  type TFictionalProfileCreate,
  type TFictionalProfileUpdate,
} from '@cupido/shared/contracts/fictional-profiles';
import { TextAreaField, TextField } from '../../ui/form/field';
import { SelectField } from '../../ui/form/select-field';
import { formSchema } from '../../ui/form/form-schema';
import { useZodForm, type FieldBinding } from '../../ui/form/use-zod-form';
import { asApiError } from '../ui/as-api-error';
import { optionLabel } from './fictional-calls';

const OPTIONAL = {
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
  signup_reason: SIGNUP_REASONS,
} as const;
type OptionalField = keyof typeof OPTIONAL;

const ZValues = z.object({
  site_id: z.string(),
  name: z.string(),
  gender: z.string(),
  sexuality: z.string(),
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  hair_color: z.string(),
  eye_color: z.string(),
  body_type: z.string(),
  relationship_status: z.string(),
  tattoos: z.string(),
  signup_reason: z.string(),
  about: z.string(),
  interests: z.array(z.string()),
});
export type TFictionalFormValues = z.infer<typeof ZValues>;

const FIELD_ORDER = [
  'site_id',
  'name',
  'gender',
  'sexuality',
  'date_of_birth',
  'country',
  'region',
  'city',
  ...Object.keys(OPTIONAL),
  'about',
  'interests',
] as const;
const IDS = Object.fromEntries(FIELD_ORDER.map((f) => [f, `fictional-${f.replace(/_/g, '-')}`])) as Record<
  keyof TFictionalFormValues,
  string
>;

const rules = (v: TFictionalFormValues) => ({
  site_id: v.site_id ? null : 'required',
  name: v.name.trim() ? null : 'required',
  gender: v.gender ? null : 'required',
  sexuality: v.sexuality ? null : 'required',
  date_of_birth: v.date_of_birth ? null : 'required',
  country: v.country ? null : 'required',
  city: v.city.trim().length > CITY_MAX_LENGTH ? 'too_long' : null,
  about: v.about.trim().length > ABOUT_MAX_LENGTH ? 'too_long' : null,
  interests: v.interests.length > MAX_INTERESTS ? 'too_many_interests' : null,
});

const fields = (v: TFictionalFormValues) => ({
  name: v.name.trim(),
  gender: v.gender,
  sexuality: v.sexuality,
  date_of_birth: v.date_of_birth,
  country: v.country,
  region: v.region.trim(),
  city: v.city.trim(),
  ...(Object.fromEntries(Object.keys(OPTIONAL).map((f) => [f, v[f as OptionalField] || null])) as Record<OptionalField, string | null>),
  about: v.about.trim(),
  interests: v.interests,
});

const createSchema = formSchema({
  fields: ZValues,
  rules,
  request: (v) => ({ site_id: Number(v.site_id), ...fields(v) }),
  contract: ZFictionalProfileCreate,
});
const updateSchema = formSchema({ fields: ZValues, rules, request: fields, contract: ZFictionalProfileUpdate });

export function valuesOf(profile: TFictionalProfile | null, siteId: string): TFictionalFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    site_id: profile ? String(profile.site_id) : siteId,
    name: text(profile?.name),
    gender: text(profile?.gender),
    sexuality: text(profile?.sexuality),
    date_of_birth: text(profile?.date_of_birth),
    country: text(profile?.country),
    region: text(profile?.region),
    city: text(profile?.city),
    hair_color: text(profile?.hair_color),
    eye_color: text(profile?.eye_color),
    body_type: text(profile?.body_type),
    relationship_status: text(profile?.relationship_status),
    tattoos: text(profile?.tattoos),
    signup_reason: text(profile?.signup_reason),
    about: text(profile?.about),
    interests: profile?.interests ?? [],
  };
}

function InterestsField({ id, binding }: { id: string; binding: FieldBinding<string[]> }) {
  const { t } = useTranslation('fictional');
  const chosen = new Set(binding.value ?? []);
  const toggle = (interest: string) => {
    const next = new Set(chosen);
    if (next.has(interest)) next.delete(interest);
    else next.add(interest);
    binding.onChange(INTEREST_IDS.filter((i) => next.has(i)));
  };
  return (
    <fieldset className="mb-3" aria-describedby={`${id}-help${binding.error ? ` ${id}-error` : ''}`}>
      <legend className="form-label fs-6">{t('fields.interests')}</legend>
      <div id={`${id}-help`} className="form-text mt-0 mb-1">
        {t('fields.interests_help', { max: MAX_INTERESTS })}
      </div>
      <div className="d-flex flex-wrap gap-2" id={id} tabIndex={-1}>
        {INTEREST_IDS.map((interest) => (
          <div className="form-check form-check-inline me-0" key={interest} style={{ minWidth: '9rem' }}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-${interest}`}
              checked={chosen.has(interest)}
              onChange={() => toggle(interest)}
            />
            <label className="form-check-label" htmlFor={`${id}-${interest}`}>
              {optionLabel(interest)}
            </label>
          </div>
        ))}
      </div>
      {binding.error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {binding.error}
        </div>
      )}
    </fieldset>
  );
}

export interface FictionalFormProps {
  profile: TFictionalProfile | null;
  siteId: string;
  sites: { id: number; name: string; countries: string[] }[];
  onCreate: (request: TFictionalProfileCreate) => Promise<TFictionalProfile>;
  onUpdate: (request: TFictionalProfileUpdate) => Promise<TFictionalProfile>;
}

export function FictionalForm({ profile, siteId, sites, onCreate, onUpdate }: FictionalFormProps) {
  const { t, i18n } = useTranslation('fictional');
  const [saved, setSaved] = useState(false);
  const creating = profile === null;
  const { bind, onSubmit, showServerError, formError, reset, form } = useZodForm<
    TFictionalFormValues,
    TFictionalProfileCreate | TFictionalProfileUpdate
  >({
    schema: (creating ? createSchema : updateSchema) as never,
    defaultValues: valuesOf(profile, siteId),
    ids: IDS,
    messageOf: (code) => (i18n.exists(`fictional:errors.${code}`) ? t(`errors.${code}`) : code),
    genericError: t('error'),
  });
  const b = (field: keyof TFictionalFormValues) => bind(field) as unknown as FieldBinding<string>;
  const site = sites.find((s) => String(s.id) === (form.watch('site_id') as string));
  const select = (field: keyof TFictionalFormValues, options: readonly string[], required: boolean) => (
    <div className="col-12 col-sm-6 col-lg-4">
      <SelectField
        id={IDS[field]}
        label={t(`fields.${field}`)}
        options={options.map((o) => ({ value: o, label: optionLabel(o) }))}
        empty={required ? t('fields.choose') : t('fields.not_set')}
        {...b(field)}
      />
    </div>
  );

  const save = onSubmit((request) => {
    setSaved(false);
    const call = creating ? onCreate(request as TFictionalProfileCreate) : onUpdate(request as TFictionalProfileUpdate);
    call
      .then((answer) => {
        if (!creating) {
          reset(valuesOf(answer, siteId));
          setSaved(true);
        }
      })
      .catch((error: unknown) => showServerError(asApiError(error)));
  });

  return (
    <form noValidate onSubmit={save} aria-labelledby="fictional-title">
      <section className="card mb-3" aria-labelledby="fictional-sec-identity">
        <div className="card-body row g-2">
          <h2 id="fictional-sec-identity" className="h5 col-12">
            {t('edit.sections.identity')}
          </h2>
          {creating && (
            <div className="col-12 col-sm-6 col-lg-4">
              <SelectField
                id={IDS.site_id}
                label={t('fields.site')}
                options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
                empty={t('fields.choose')}
                {...b('site_id')}
              />
            </div>
          )}
          <div className="col-12 col-sm-6 col-lg-4">
            <TextField id={IDS.name} label={t('fields.name')} {...b('name')} />
          </div>
          {select('gender', GENDERS, true)}
          {select('sexuality', SEXUALITIES, true)}
          <div className="col-12 col-sm-6 col-lg-4 mb-3">
            <label className="form-label" htmlFor={IDS.date_of_birth}>
              {t('fields.date_of_birth')}
            </label>
            <input
              id={IDS.date_of_birth}
              type="date"
              className={`form-control${b('date_of_birth').error ? ' is-invalid' : ''}`}
              value={b('date_of_birth').value}
              onChange={(e) => b('date_of_birth').onChange(e.target.value)}
              onBlur={b('date_of_birth').onBlur}
              aria-invalid={b('date_of_birth').error ? true : undefined}
              aria-describedby={`${IDS.date_of_birth}-help${b('date_of_birth').error ? ` ${IDS.date_of_birth}-error` : ''}`}
            />
            <div id={`${IDS.date_of_birth}-help`} className="form-text">
              {t('fields.date_of_birth_help')}
            </div>
            {b('date_of_birth').error && (
              <div id={`${IDS.date_of_birth}-error`} className="invalid-feedback d-block">
                {b('date_of_birth').error}
              </div>
            )}
          </div>
        </div>
      </section>
      <section className="card mb-3" aria-labelledby="fictional-sec-place">
        <div className="card-body row g-2">
          <h2 id="fictional-sec-place" className="h5 col-12">
            {t('edit.sections.place')}
          </h2>
          {select('country', site?.countries ?? (profile ? [profile.country] : []), true)}
          <div className="col-12 col-sm-6 col-lg-4">
            <TextField id={IDS.region} label={t('fields.region')} help={t('fields.region_help')} {...b('region')} />
          </div>
          <div className="col-12 col-sm-6 col-lg-4">
            <TextField id={IDS.city} label={t('fields.city')} {...b('city')} />
          </div>
        </div>
      </section>
      <section className="card mb-3" aria-labelledby="fictional-sec-looks">
        <div className="card-body row g-2">
          <h2 id="fictional-sec-looks" className="h5 col-12">
            {t('edit.sections.looks')}
          </h2>
          {(Object.keys(OPTIONAL) as OptionalField[]).map((field) => (
            <Fragment key={field}>{select(field, OPTIONAL[field], false)}</Fragment>
          ))}
        </div>
      </section>
      <section className="card mb-3" aria-labelledby="fictional-sec-about">
        <div className="card-body">
          <h2 id="fictional-sec-about" className="h5">
            {t('edit.sections.about')}
          </h2>
          <TextAreaField id={IDS.about} label={t('fields.about')} rows={5} maxLength={ABOUT_MAX_LENGTH} {...b('about')} />
          <InterestsField id={IDS.interests} binding={bind('interests') as unknown as FieldBinding<string[]>} />
        </div>
      </section>
      {formError && (
        <p role="alert" className="alert alert-danger">
          {formError.message}
        </p>
      )}
      <div className="d-flex align-items-center gap-3 mb-4">
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {creating ? t('edit.create') : t('edit.save')}
        </button>
        {saved && (
          <span role="status" className="text-success">
            {t('edit.saved')}
          </span>
        )}
      </div>
    </form>
  );
}
