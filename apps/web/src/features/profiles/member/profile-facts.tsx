import { useTranslation } from 'react-i18next';
import type { TMemberProfile } from '@cupido/shared/contracts/profiles';
import { useRegions } from '../profile-calls';
import { useCountryName, useOptionLabel, type OptionAttribute } from '../profile-labels';
import { PROFILES_NS } from '../profiles-texts';

type FieldValue = TMemberProfile['highlights'][number];

const OPTION_FIELDS = new Set<string>([
  'gender',
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
]);

/** A field's value in words: options translated, the country by name, the region by its name. */
function useFieldValue(country: string): (item: FieldValue) => string {
  const optionLabel = useOptionLabel();
  const countryName = useCountryName();
  const regions = useRegions(country);
  return ({ field, value }) => {
    const text = String(value);
    if (OPTION_FIELDS.has(field)) return optionLabel(field as OptionAttribute, text);
    if (field === 'country') return countryName(text);
    if (field === 'region') return regions.data?.regions.find((r) => r.code === text)?.name ?? text;
    return text;
  };
}

/**
 * The site's highlight items (visible_profile_fields) or notes (visible_profile_notes) as the
 * server returns them: in the site's order, empty values already left out.
 */
export function ProfileFacts({ id, items, country }: { id: string; items: FieldValue[]; country: string }) {
  const { t } = useTranslation(PROFILES_NS);
  const valueOf = useFieldValue(country);
  if (items.length === 0) return null;
  return (
    <dl id={id} className="profile-facts mb-0">
      {items.map((item) => (
        <div key={item.field} data-field={item.field}>
          <dt>{t(`fields.${item.field}`)}</dt>
          <dd>{valueOf(item)}</dd>
        </div>
      ))}
    </dl>
  );
}
