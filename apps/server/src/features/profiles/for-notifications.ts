/**
 * What a notification mail (issue 30) says of the profile it is about: the name, and whether it
 * is fictional, so the mail discloses it as every screen does. Profiles keeps its tables.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';

export interface NotifiedProfile {
  id: number;
  name: string;
  fictional: boolean;
}

export async function profilesForNotifications(db: Pick<Database, 'select'>, ids: readonly number[]): Promise<Map<number, NotifiedProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, fictional: profiles.isFictional })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
