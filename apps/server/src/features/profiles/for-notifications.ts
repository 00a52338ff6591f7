/**
 * What a notification mail (issue 30) says of the profile it is about: the name, and whether it
 * is fictional, so the mail discloses it as every screen does. Profiles keeps its tables.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { profiles } from '../../db/schema';

export interface NotifiedProfile {
  id: number;
  name: string;
  fictional: boolean;
}

/** Read by every notification job: one prepared statement whatever the number of ids (an array parameter). */
const profilesStatement = preparedStatement<{ ids: number[] }, NotifiedProfile>(
  (p) =>
    sql`select ${profiles.id} as "id", ${profiles.name} as "name", ${profiles.isFictional} as "fictional" from ${profiles} where ${profiles.id} = any(${p.ids}::int[])`,
);

export async function profilesForNotifications(
  db: Pick<Database, 'execute'>,
  ids: readonly number[],
): Promise<Map<number, NotifiedProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await profilesStatement(db, { ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, row]));
}
