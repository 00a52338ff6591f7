/** The demo data `npm start` puts in an empty database: sites, company, profiles with avatars. */
import type { Database } from '../db/open';
import { seedDemoSites } from './demo-sites';

export interface SeedOptions {
  dataDir: string;
}

export async function seedDemoData(db: Database, _options: SeedOptions) {
  const seededSites = await seedDemoSites(db);
  return { sites: seededSites.length };
}
