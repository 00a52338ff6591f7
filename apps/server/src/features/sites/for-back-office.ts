/** The sites as the back office's pickers list them (the dashboard's and the fictional profiles' site choice). */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { sites } from '../../db/schema';

export function siteChoices(db: Pick<Database, 'select'>): Promise<{ id: number; name: string; domain: string; countries: string[] }[]> {
  return db.select({ id: sites.id, name: sites.name, domain: sites.domain, countries: sites.countries }).from(sites).orderBy(asc(sites.id));
}
