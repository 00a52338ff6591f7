/**
 * The site editor's form (issue 13): every setting of a site and its company, in sections, checked
 * by the shared contract (site-settings.ts) with react-hook-form's zod resolver before anything is
 * sent; a value the server still refuses shows under its field. Saving sends the whole form; the
 * server records only what changed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { COUNTRY_CODES } from '@cupido/shared/rules/countries';
import { LOCALES, LOCALE_CODES, type LocaleCode } from '@cupido/shared/rules/locales';
import { AUTO_LIKE_EVENTS } from '@cupido/shared/rules/likes';
import { PROFILE_FIELDS, SEARCH_FIELDS } from '@cupido/shared/rules/profiles';
import { PHOTO_MODERATION_MODES } from '@cupido/shared/contracts/staff';
import { OPERATOR_CLAIM_IDLE_MINUTES_MAX } from '@cupido/shared/contracts/operator-console';
import { ZCompanySettings, ZSiteSettings, type TSiteDetailAnswer } from '@cupido/shared/contracts/site-settings';
import { TextField } from '../../ui/form/field';
import { SelectField } from '../../ui/form/select-field';
import { useZodForm, type FieldBinding } from '../../ui/form/use-zod-form';
import { asApiError } from '../ui/as-api-error';
import { CheckboxGroup, LinesField, LocalizedTextFields, NumberField, SwitchField } from './site-fields';
import { PAYMENT_FIELD_PATHS, PaymentSettings } from './payment-settings';
import type { TCreditPackageSetting } from '@cupido/shared/contracts/payments';

export const ZSiteForm = ZSiteSettings.extend({ company: ZCompanySettings });
export type TSiteFormValues = z.input<typeof ZSiteForm>;
export type TSiteFormRequest = z.output<typeof ZSiteForm>;

const LOCALIZED = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'honest_answer',
  'spending_reminder',
] as const;

/** Element ids by field, in the order of the form: a failed save focuses the first problem. */
const IDS: Record<string, string> = Object.fromEntries(
  [
    'name',
    'logo_text',
    'theme_color',
    'domain',
    'domain_language',
    'cdn_prefix',
    'time_zone',
    'support_email',
    'support_phone',
    ...LOCALIZED.slice(0, 2).flatMap((key) => LOCALE_CODES.map((code) => `${key}.${code}`)),
    'fictional_icon',
    ...LOCALIZED.slice(2).flatMap((key) => LOCALE_CODES.map((code) => `${key}.${code}`)),
    'operator_claim_idle_minutes',
    'countries',
    'show_all_languages',
    'hide_locale_dropdown',
    'message_credits',
    'photo_credits',
    'gift_credits',
    'signup_credits',
    'message_length',
    'refund_days',
    'member_resell',
    'signups',
    'logged_out_search',
    'logged_out_search_trafficsource',
    'minimum_age',
    'enable_site_entry_popup',
    'site_entry_popup_countries',
    'visible_profile_fields',
    'visible_profile_notes',
    'search_fields',
    'auto_like.enabled',
    'auto_like.max_per_day',
    'auto_like.min_minutes_between',
    'auto_like.after_events',
    'chat_history_days',
    'photo_moderation',
    ...PAYMENT_FIELD_PATHS,
    ...Object.keys(ZCompanySettings.shape).map((key) => `company.${key}`),
  ].map((path) => [path, `site-${path.replace(/\./g, '-')}`]),
);

export function SiteForm({ site, onSave }: { site: TSiteDetailAnswer; onSave: (request: TSiteFormRequest) => Promise<TSiteDetailAnswer> }) {
  const { t } = useTranslation('sites');
  const { t: common } = useTranslation('common');
  const [saved, setSaved] = useState(false);
  const { bind, onSubmit, showServerError, formError, reset, form } = useZodForm<TSiteFormValues, TSiteFormRequest>({
    schema: ZSiteForm,
    defaultValues: { ...site.settings, company: site.company } as TSiteFormValues,
    ids: IDS as never,
    // The contract's own messages are English, as the back office is.
    messageOf: (message) => message,
    genericError: common('error_generic'),
  });
  // Paths are checked by the contract at run time; the bindings' value types follow the field components.
  const f = (path: string) => bind(path as never) as never;
  const fs = (path: string) => bind(path as never) as unknown as FieldBinding<string>;
  const id = (path: string) => IDS[path]!;
  const text = (path: string, label: string, extra: { help?: string; type?: 'text' | 'email' } = {}) => (
    <TextField id={id(path)} label={label} {...fs(path)} {...extra} />
  );
  const number = (path: string, label: string, extra: { min?: number; max?: number; help?: string } = {}) => (
    <NumberField id={id(path)} label={label} field={f(path)} {...extra} />
  );
  const localized = (key: (typeof LOCALIZED)[number], multiline = false) => (
    <LocalizedTextFields
      id={`site-${key}`}
      legend={t(`fields.${key}`)}
      bindLocale={(code: LocaleCode) => f(`${key}.${code}`)}
      multiline={multiline}
      help={t('fields.texts_help')}
    />
  );
  const packages = (form.watch('credit_packages') as TCreditPackageSetting[] | undefined) ?? [];
  const currency = (form.watch('currency') as string | undefined) ?? '';
  // One popular package: choosing one clears the others (the contract wants exactly one).
  const setPopular = (index: number) =>
    form.setValue('credit_packages', packages.map((p, i) => ({ ...p, popular: i === index })) as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  const save = onSubmit((request) => {
    setSaved(false);
    onSave(request)
      .then((answer) => {
        reset({ ...answer.settings, company: answer.company } as TSiteFormValues);
        setSaved(true);
      })
      .catch((error: unknown) => showServerError(asApiError(error)));
  });

  return (
    <form noValidate onSubmit={save} aria-label={t('edit.title', { name: site.settings.name })}>
      <section className="card mb-3" aria-labelledby="sec-identity">
        <div className="card-body">
          <h2 id="sec-identity" className="h5">
            {t('sections.identity')}
          </h2>
          {text('name', t('fields.name'))}
          {text('logo_text', t('fields.logo_text'))}
          {text('theme_color', t('fields.theme_color'), { help: t('fields.theme_color_help') })}
          {text('domain', t('fields.domain'), { help: t('fields.domain_help') })}
          <SelectField
            id={id('domain_language')}
            label={t('fields.domain_language')}
            options={LOCALES.map((l) => ({ value: l.code, label: l.nativeName }))}
            {...fs('domain_language')}
          />
          {text('cdn_prefix', t('fields.cdn_prefix'))}
          {text('time_zone', t('fields.time_zone'), { help: t('fields.time_zone_help') })}
          {text('support_email', t('fields.support_email'), { type: 'email' })}
          {text('support_phone', t('fields.support_phone'))}
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-texts">
        <div className="card-body">
          <h2 id="sec-texts" className="h5">
            {t('sections.texts')}
          </h2>
          {localized('index_title')}
          {localized('description', true)}
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-fictional">
        <div className="card-body">
          <h2 id="sec-fictional" className="h5">
            {t('sections.fictional')}
          </h2>
          {text('fictional_icon', t('fields.fictional_icon'), { help: t('fields.fictional_icon_help') })}
          {localized('fictional_warning', true)}
          {localized('fictional_singular')}
          {localized('fictional_plural')}
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-operator">
        <div className="card-body">
          <h2 id="sec-operator" className="h5">
            {t('sections.operator')}
          </h2>
          <p className="form-text mt-0">{t('fields.operator_help')}</p>
          {localized('honest_answer', true)}
          {localized('spending_reminder', true)}
          {number('operator_claim_idle_minutes', t('fields.operator_claim_idle_minutes'), {
            min: 1,
            max: OPERATOR_CLAIM_IDLE_MINUTES_MAX,
            help: t('fields.operator_claim_idle_minutes_help'),
          })}
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-languages">
        <div className="card-body">
          <h2 id="sec-languages" className="h5">
            {t('sections.languages')}
          </h2>
          <CheckboxGroup id={id('countries')} legend={t('fields.countries')} options={COUNTRY_CODES} field={f('countries')} />
          <SwitchField id={id('show_all_languages')} label={t('fields.show_all_languages')} field={f('show_all_languages')} />
          <SwitchField id={id('hide_locale_dropdown')} label={t('fields.hide_locale_dropdown')} field={f('hide_locale_dropdown')} />
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-credits">
        <div className="card-body">
          <h2 id="sec-credits" className="h5">
            {t('sections.credits')}
          </h2>
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3">
            <div className="col">{number('message_credits', t('fields.message_credits'), { min: 0 })}</div>
            <div className="col">{number('photo_credits', t('fields.photo_credits'), { min: 0 })}</div>
            <div className="col">{number('gift_credits', t('fields.gift_credits'), { min: 0 })}</div>
            <div className="col">{number('signup_credits', t('fields.signup_credits'), { min: 0 })}</div>
            <div className="col">{number('message_length', t('fields.message_length'), { min: 1 })}</div>
            <div className="col">{number('refund_days', t('fields.refund_days'), { min: 0 })}</div>
          </div>
          <SwitchField id={id('member_resell')} label={t('fields.member_resell')} field={f('member_resell')} />
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-access">
        <div className="card-body">
          <h2 id="sec-access" className="h5">
            {t('sections.access')}
          </h2>
          {text('signups', t('fields.signups'), { help: t('fields.signups_help') })}
          {text('logged_out_search', t('fields.logged_out_search'), { help: t('fields.logged_out_search_help') })}
          {text('logged_out_search_trafficsource', t('fields.logged_out_search_trafficsource'), {
            help: t('fields.logged_out_search_help'),
          })}
          {number('minimum_age', t('fields.minimum_age'), { min: 18 })}
          {text('enable_site_entry_popup', t('fields.enable_site_entry_popup'), { help: t('fields.enable_site_entry_popup_help') })}
          <CheckboxGroup
            id={id('site_entry_popup_countries')}
            legend={t('fields.site_entry_popup_countries')}
            options={COUNTRY_CODES}
            field={f('site_entry_popup_countries')}
          />
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-profiles">
        <div className="card-body">
          <h2 id="sec-profiles" className="h5">
            {t('sections.profiles')}
          </h2>
          <CheckboxGroup
            id={id('visible_profile_fields')}
            legend={t('fields.visible_profile_fields')}
            options={PROFILE_FIELDS}
            field={f('visible_profile_fields')}
          />
          <CheckboxGroup
            id={id('visible_profile_notes')}
            legend={t('fields.visible_profile_notes')}
            options={PROFILE_FIELDS}
            field={f('visible_profile_notes')}
          />
          <CheckboxGroup id={id('search_fields')} legend={t('fields.search_fields')} options={SEARCH_FIELDS} field={f('search_fields')} />
        </div>
      </section>

      <section className="card mb-3" aria-labelledby="sec-matching">
        <div className="card-body">
          <h2 id="sec-matching" className="h5">
            {t('sections.matching')}
          </h2>
          <SwitchField id={id('auto_like.enabled')} label={t('fields.auto_like_enabled')} field={f('auto_like.enabled')} />
          <div className="row row-cols-1 row-cols-sm-2">
            <div className="col">{number('auto_like.max_per_day', t('fields.auto_like_max_per_day'), { min: 0 })}</div>
            <div className="col">{number('auto_like.min_minutes_between', t('fields.auto_like_min_minutes'), { min: 0 })}</div>
          </div>
          <CheckboxGroup
            id={id('auto_like.after_events')}
            legend={t('fields.auto_like_after_events')}
            options={AUTO_LIKE_EVENTS}
            field={f('auto_like.after_events')}
            labelOf={(event) => t(`events.${event}`)}
          />
          {number('chat_history_days', t('fields.chat_history_days'), { min: 1 })}
          <SelectField
            id={id('photo_moderation')}
            label={t('fields.photo_moderation')}
            options={PHOTO_MODERATION_MODES.map((mode) => ({ value: mode, label: t(`fields.photo_moderation_${mode}`) }))}
            {...fs('photo_moderation')}
          />
        </div>
      </section>

      <PaymentSettings id={id} bind={f} packages={packages} currency={currency} setPopular={setPopular} />

      <section className="card mb-3" aria-labelledby="sec-company">
        <div className="card-body">
          <h2 id="sec-company" className="h5">
            {t('sections.company')}
          </h2>
          {site.company_site_count > 1 && <p className="form-text">{t('edit.shared_company', { count: site.company_site_count })}</p>}
          {text('company.name', t('fields.company_name'))}
          {text('company.address', t('fields.company_address'))}
          {text('company.city', t('fields.company_city'))}
          {text('company.country', t('fields.company_country'))}
          {text('company.kvk', t('fields.company_kvk'))}
          <LinesField id={id('company.tradenames')} label={t('fields.company_tradenames')} field={f('company.tradenames')} />
          <LinesField id={id('company.vat_numbers')} label={t('fields.company_vat_numbers')} field={f('company.vat_numbers')} />
          {text('company.support_phone', t('fields.company_support_phone'))}
          {number('company.delete_discount', t('fields.company_delete_discount'), { min: 0, max: 100 })}
        </div>
      </section>

      {formError && (
        <p role="alert" className="alert alert-danger">
          {formError.message}
        </p>
      )}
      {saved && (
        <p role="status" className="alert alert-success">
          {t('edit.saved')}
        </p>
      )}
      <div className="position-sticky bottom-0 bg-body py-2 border-top">
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {t('edit.save')}
        </button>
      </div>
    </form>
  );
}
