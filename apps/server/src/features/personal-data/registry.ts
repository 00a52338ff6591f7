/**
 * "Download my data" is assembled from parts: each feature that stores something about a member
 * exports its part (features/<x>/personal-data.ts), reading only its own tables, so this feature
 * never reaches into theirs (docs/decisions/024-personal-data.md). Each feature's module.ts adds
 * its parts to the app's PersonalDataRegistry in its `contribute` hook (issue 33); the routes take
 * the registry's complete record, and the app does not start while a part is missing or doubled.
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

/** One part for every name of the contract: the typecheck refuses a download that misses one. */
export type DataExportParts = { [K in PersonalDataPartName]: DataExportPart<K> };

/** A feature's part, as `{ name: part }`, for the app's PersonalDataRegistry. */
export function dataExportPart<K extends PersonalDataPartName>(name: K, part: DataExportPart<K>): { [P in K]: DataExportPart<K> } {
  return { [name]: part } as { [P in K]: DataExportPart<K> };
}

/** The app's parts of "Download my data", added by the features' modules (one registry per app, in its context). */
export class PersonalDataRegistry {
  private readonly parts: Partial<Record<PersonalDataPartName, unknown>> = {};

  add(part: Partial<DataExportParts>): void {
    for (const [name, fn] of Object.entries(part)) {
      if (name in this.parts) throw new Error(`personal data: the part "${name}" is added twice`);
      this.parts[name as PersonalDataPartName] = fn;
    }
  }

  /** One part for every name of the contract; throws (the app does not start) while one is missing. */
  complete(): DataExportParts {
    const missing = PERSONAL_DATA_PART_NAMES.filter((name) => !(name in this.parts));
    if (missing.length > 0) throw new Error(`personal data: no feature module adds the part(s) ${missing.join(', ')}`);
    return { ...this.parts } as DataExportParts;
  }
}

/** Every part of one member, in the contract's order. */
export async function collectPersonalData(parts: DataExportParts, ctx: DataExportContext, userId: number): Promise<TPersonalDataParts> {
  const collected: Partial<Record<PersonalDataPartName, unknown>> = {};
  // One after another: PGlite has one connection, and PostgreSQL gains little for a rare download.
  for (const name of PERSONAL_DATA_PART_NAMES) collected[name] = await (parts[name] as DataExportPart<typeof name>)(ctx, userId);
  return collected as TPersonalDataParts;
}
