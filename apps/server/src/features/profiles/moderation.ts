/**
 * What moderation (issue 13) reads and changes of profiles: the reported profile as the report
 * queue shows it, and "remove the content" for a profile report, which clears the profile's
 * about text (the only free text a member writes on their profile; the name stays, or the profile
 * could no longer be shown).
 */
import { eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

/** SQL: the site of the profile (a profiles id column of the caller's query or a value). */
export function profileSiteIdOf(profileId: SQLWrapper | number) {
  return sql<number>`(select ${profiles.siteId} from ${profiles} where ${eq(profiles.id, profileId)})`;
}

export interface ModeratedProfile {
  id: number;
  siteId: number;
  name: string;
  about: string;
  isFictional: boolean;
}

export async function profilesForModeration(db: Pick<Database, 'select'>, ids: number[]): Promise<Map<number, ModeratedProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, siteId: profiles.siteId, name: profiles.name, about: profiles.about, isFictional: profiles.isFictional })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Clears the profile's about text; answers the text it had (for the audit log), or null without such a profile. */
export async function clearProfileAbout(tx: Tx, profileId: number): Promise<string | null> {
  const [before] = await tx.select({ about: profiles.about }).from(profiles).where(eq(profiles.id, profileId)).for('update');
  if (!before) return null;
  await tx.update(profiles).set({ about: '' }).where(eq(profiles.id, profileId));
  return before.about;
}
