/**
 * The interest list of /api/interests.php: every id of INTEREST_IDS with its name from the
 * server catalogue, sorted the way a reader of that language expects.
 */
import { INTEREST_IDS } from '@cupido/shared/rules/profile-options';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import type { TInterests } from '@cupido/shared/contracts/contracts';
import { translate } from '../../i18n/translate';

export function listInterests(locale: LocaleCode, iso: string): TInterests {
  const collator = new Intl.Collator(iso, { sensitivity: 'base' });
  const interests = INTEREST_IDS.map((id) => ({ id, name: translate(locale, `interests.${id}`) }));
  interests.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
  return { interests };
}

/** One answer per locale, built once: the catalogues do not change while the server runs. */
export function buildInterestLists(): Map<LocaleCode, TInterests> {
  return new Map(LOCALES.map(({ code, iso }) => [code, listInterests(code, iso)]));
}
