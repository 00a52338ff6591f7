/**
 * The fields of a campaign (issue 30): site, language, kind, subject, text, and the optional
 * link with its button label. Checked here for what must be filled in; the server checks the
 * rest (lengths, the link on the site's own origin) and its message lands under the field.
 */
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_BODY_MAX_LENGTH,
  CAMPAIGN_BUTTON_LABEL_MAX_LENGTH,
  CAMPAIGN_KINDS,
  CAMPAIGN_LINK_MAX_LENGTH,
  CAMPAIGN_SUBJECT_MAX_LENGTH,
  type TCampaign,
  type TCampaignDraft,
  type TCampaignKind,
} from '@cupido/shared/contracts/campaigns';
import { LOCALE_CODES, type LocaleCode } from '@cupido/shared/rules/locales';
import { TextAreaField, TextField } from '../../ui/form/field';
import { SelectField } from '../../ui/form/select-field';
import { SiteSelect } from '../ui/site-select';
import { languageName } from './campaign-calls';

export interface CampaignValues {
  site_id: string;
  language: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
  button_label: string;
}
export type CampaignField = keyof CampaignValues;
export type CampaignErrors = Partial<Record<CampaignField, string>>;

export const FIELD_IDS: Record<CampaignField, string> = {
  site_id: 'campaign-site',
  language: 'campaign-language',
  kind: 'campaign-kind',
  subject: 'campaign-subject',
  body: 'campaign-body',
  link: 'campaign-link',
  button_label: 'campaign-button-label',
};

export function valuesOf(campaign: TCampaign | undefined, siteId: string): CampaignValues {
  return {
    site_id: campaign ? String(campaign.site_id) : siteId,
    language: campaign?.language ?? 'en',
    kind: campaign?.kind ?? 'promotions',
    subject: campaign?.subject ?? '',
    body: campaign?.body ?? '',
    link: campaign?.link ?? '',
    button_label: campaign?.button_label ?? '',
  };
}

/** The request of the values, or the fields to fill in first. */
export function draftOf(values: CampaignValues): { draft: TCampaignDraft } | { errors: CampaignErrors } {
  const errors: CampaignErrors = {};
  for (const field of ['site_id', 'subject', 'body'] as const) if (!values[field].trim()) errors[field] = 'required';
  if (!values.link.trim() !== !values.button_label.trim()) errors.button_label = 'link_pair';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    draft: {
      site_id: Number(values.site_id),
      language: values.language as LocaleCode,
      kind: values.kind as TCampaignKind,
      subject: values.subject.trim(),
      body: values.body,
      link: values.link.trim() || null,
      button_label: values.button_label.trim() || null,
    },
  };
}

export function CampaignForm({
  values,
  errors,
  sites,
  disabled,
  onChange,
}: {
  values: CampaignValues;
  errors: CampaignErrors;
  sites: readonly { id: number; name: string; domain: string }[];
  disabled: boolean;
  onChange: (field: CampaignField, value: string) => void;
}) {
  const { t } = useTranslation('campaigns');
  const message = (field: CampaignField) => {
    const error = errors[field];
    return error === 'required' || error === 'link_pair' ? t(`errors.${error}`) : error;
  };
  const domain = sites.find((site) => String(site.id) === values.site_id)?.domain ?? 'example.com';
  return (
    <fieldset disabled={disabled}>
      <div className="row g-2">
        <SiteSelect
          id={FIELD_IDS.site_id}
          className="col-12 col-md-4 mb-3"
          sites={sites}
          value={values.site_id ? Number(values.site_id) : undefined}
          onChange={(id) => onChange('site_id', id === undefined ? '' : String(id))}
          label={t('fields.site')}
        />
        <SelectField
          id={FIELD_IDS.language}
          className="col-6 col-md-4 mb-3"
          label={t('fields.language')}
          value={values.language}
          options={LOCALE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
          error={message('language')}
          onChange={(value) => onChange('language', value)}
        />
        <SelectField
          id={FIELD_IDS.kind}
          className="col-6 col-md-4 mb-3"
          label={t('fields.kind')}
          value={values.kind}
          options={CAMPAIGN_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          error={message('kind')}
          onChange={(value) => onChange('kind', value)}
        />
      </div>
      {errors.site_id && (
        <p id={`${FIELD_IDS.site_id}-error`} className="text-danger small">
          {message('site_id')}
        </p>
      )}
      <TextField
        id={FIELD_IDS.subject}
        label={t('fields.subject')}
        value={values.subject}
        error={message('subject')}
        maxLength={CAMPAIGN_SUBJECT_MAX_LENGTH}
        onChange={(value) => onChange('subject', value)}
      />
      <TextAreaField
        id={FIELD_IDS.body}
        label={t('fields.body')}
        rows={10}
        value={values.body}
        error={message('body')}
        maxLength={CAMPAIGN_BODY_MAX_LENGTH}
        help={t('fields.body_help')}
        onChange={(value) => onChange('body', value)}
      />
      <div className="row g-2">
        <div className="col-12 col-md-8">
          <TextField
            id={FIELD_IDS.link}
            label={t('fields.link')}
            value={values.link}
            error={message('link')}
            maxLength={CAMPAIGN_LINK_MAX_LENGTH}
            verbatim
            help={t('fields.link_help', { domain })}
            onChange={(value) => onChange('link', value)}
          />
        </div>
        <div className="col-12 col-md-4">
          <TextField
            id={FIELD_IDS.button_label}
            label={t('fields.button_label')}
            value={values.button_label}
            error={message('button_label')}
            maxLength={CAMPAIGN_BUTTON_LABEL_MAX_LENGTH}
            help={t('fields.button_label_help')}
            onChange={(value) => onChange('button_label', value)}
          />
        </div>
      </div>
    </fieldset>
  );
}
