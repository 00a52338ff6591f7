import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import type { RegionLabelKind } from '@cupido/shared/rules/countries';
import { regionNames } from '../../i18n/intl-formats';
import { useLocale } from '../locale/use-locale';
import { PROFILES_NS } from './profiles-texts';

/** Attributes with a closed list of options; each option is translated as `options.<attribute>.<id>`. */
export type OptionAttribute =
  'gender' | 'sexuality' | 'hair_color' | 'eye_color' | 'body_type' | 'relationship_status' | 'tattoos' | 'signup_reason';

/** Country names in the member's language, from the browser's own data (no catalogue to keep). */
export function countryNamer(locale: LocaleCode): (code: string) => string {
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
  let names: Intl.DisplayNames | null = null;
  try {
    names = regionNames(iso);
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
}

export function useCountryName(): (code: string) => string {
  const { locale } = useLocale();
  return useMemo(() => countryNamer(locale), [locale]);
}

/** The translated name of an option, or the id itself for a value this version does not know. */
export function useOptionLabel(): (attribute: OptionAttribute, id: string) => string {
  const { t } = useTranslation(PROFILES_NS);
  return (attribute, id) => t(`options.${attribute}.${id}`, { defaultValue: id });
}

/** What a country calls its regions: province, voivodeship, state, canton or region (spec section 3). */
export function useRegionLabel(): (kind: RegionLabelKind | undefined) => string {
  const { t } = useTranslation(PROFILES_NS);
  return (kind) => t(`regionLabel.${kind ?? 'region'}`);
}
