/** The demo data `npm start` puts in an empty database: sites, company, profiles with avatars, the demo member. */
import type { Database } from '../db/open';
import { DEMO_MEMBER, seedDemoMember } from './demo-member';
import { seedDemoMemberActivity } from './demo-member-activity';
import { seedDemoProfiles } from './demo-profiles';
import { seedDemoSites } from './demo-sites';
import { DEMO_ADMIN, seedDemoStaff } from './demo-staff';

export interface SeedOptions {
  dataDir: string;
  /**
   * The sites' cache of running servers, when seeding a database they already serve (`npm run
   * seed` beside a live server): told that site rows changed, every process reads them afresh.
   */
  sites?: { changed(): Promise<void> };
}

export async function seedDemoData(db: Database, options: SeedOptions) {
  const seededSites = await seedDemoSites(db);
  const seededProfiles = await seedDemoProfiles(db, { dataDir: options.dataDir, sites: seededSites });
  const member = await seedDemoMember(db, { dataDir: options.dataDir });
  const admin = await seedDemoStaff(db, { totpSecret: process.env.DEMO_STAFF_TOTP_SECRET });
  // After the staff: the operator's answer in her conversation is the demo admin's.
  await seedDemoMemberActivity(db);
  await options.sites?.changed();
  return {
    sites: seededSites.length,
    ...seededProfiles,
    demoMember: { ...DEMO_MEMBER, created: member.created },
    demoAdmin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, ...admin },
  };
}
