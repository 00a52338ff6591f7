/** The demo data `npm start` puts in an empty database: sites, company, profiles with avatars, the demo member. */
import type { Database } from '../db/open';
import { DEMO_MEMBER, seedDemoMember } from './demo-member';
import { seedDemoProfiles } from './demo-profiles';
import { seedDemoSites } from './demo-sites';

export interface SeedOptions {
  dataDir: string;
}

export async function seedDemoData(db: Database, options: SeedOptions) {
  const seededSites = await seedDemoSites(db);
  const seededProfiles = await seedDemoProfiles(db, { dataDir: options.dataDir, sites: seededSites });
  const member = await seedDemoMember(db, { dataDir: options.dataDir });
  return { sites: seededSites.length, ...seededProfiles, demoMember: { ...DEMO_MEMBER, created: member.created } };
}
