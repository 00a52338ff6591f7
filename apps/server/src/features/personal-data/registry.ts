/**
 * "Download my data" is assembled from parts: each feature that stores something about a member
 * registers its part here (features/<x>/personal-data.ts), reading only its own tables, so this
 * feature never reaches into theirs (docs/decisions/024-personal-data.md).
 */
import { PERSONAL_DATA_PART_NAMES, type PersonalDataPartName, type TPersonalDataParts } from '@cupido/shared/contracts/personal-data';
import type { Database } from '../../db/open';
import type { Site } from '../sites/service';

export interface DataExportContext {
  db: Database;
  site: Site;
  /** The member's profile, when the account still has one. */
  profileId: number | null;
  now: Date;
  /** Where the site is reached, for links in the file (photos): `https://<domain>`. */
  siteOrigin: string;
}

export type DataExportPart<K extends PersonalDataPartName> = (ctx: DataExportContext, userId: number) => Promise<TPersonalDataParts[K]>;

const parts = new Map<PersonalDataPartName, DataExportPart<PersonalDataPartName>>();

/** Called once per part, when the feature's personal-data.ts is imported. */
export function registerDataExportPart<K extends PersonalDataPartName>(name: K, part: DataExportPart<K>): void {
  const existing = parts.get(name);
  if (existing && existing !== part) throw new Error(`personal data part '${name}' is registered twice`);
  parts.set(name, part as DataExportPart<PersonalDataPartName>);
}

/** The contract's parts no feature registered: the download refuses to start without them. */
export function missingDataExportParts(): PersonalDataPartName[] {
  return PERSONAL_DATA_PART_NAMES.filter((name) => !parts.has(name));
}

/** Every part of one member, in the contract's order. */
export async function collectPersonalData(ctx: DataExportContext, userId: number): Promise<TPersonalDataParts> {
  const missing = missingDataExportParts();
  if (missing.length > 0) throw new Error(`personal data parts without a feature: ${missing.join(', ')}`);
  const collected: Partial<Record<PersonalDataPartName, unknown>> = {};
  // One after another: PGlite has one connection, and PostgreSQL gains little for a rare download.
  for (const name of PERSONAL_DATA_PART_NAMES) collected[name] = await parts.get(name)!(ctx, userId);
  return collected as TPersonalDataParts;
}
