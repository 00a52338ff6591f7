/**
 * What accounts asks of profiles (the ProfilePort of accounts/profile-port.ts), answered from
 * this feature's table: accounts cannot import profiles, which imports accounts (decision 021).
 * The main photo comes from photos' own derived table.
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open';
import { profiles } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import type { MemberProfileTable, ProfilePort, SignupProfile } from '../accounts/profile-port';
import { mainPhotos } from '../photos/service';

/**
 * The member view's profile and main photo (user.php). Plain integer and text columns, which both
 * drivers answer as they are, so no decoder is lost by naming them in SQL. The session lookup
 * refers to them by their aliases alone (drizzle leaves out the derived table's name there), so
 * each alias is one no table of that lookup has: member_...
 */
const memberProfile: MemberProfileTable = new QueryBuilder()
  .select({
    profileId: sql<number>`${profiles.id}`.as('member_profile_id'),
    profileName: sql<string>`${profiles.name}`.as('member_profile_name'),
    profileCountry: sql<string>`${profiles.country}`.as('member_profile_country'),
    profileStatus: sql<string>`${profiles.status}`.as('member_profile_status'),
    mainFilename: sql<string | null>`${mainPhotos.filename}`.as('member_main_filename'),
    mainThumbFilename: sql<string | null>`${mainPhotos.thumbFilename}`.as('member_main_thumb_filename'),
    mainStatus: sql<string | null>`${mainPhotos.status}`.as('member_main_status'),
  })
  .from(profiles)
  .leftJoin(mainPhotos, eq(mainPhotos.profileId, profiles.id))
  .as('member_profile');

export const profilesForAccounts: ProfilePort = {
  async createSignupProfile(tx: Tx, profile: SignupProfile) {
    const [created] = await tx.insert(profiles).values(profile).returning({ id: profiles.id });
    return created!.id;
  },

  async isProfileOnSite(db: Pick<Database, 'select'>, profileId: number, siteId: number) {
    const [row] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.siteId, siteId)))
      .limit(1);
    return row !== undefined;
  },

  nameOf(profileId: SQLWrapper) {
    // The condition is nested SQL, so its columns keep their table names (drizzle drops them for
    // top-level columns of a single-table select, and the caller's "profile_id" must stay its own).
    return sql<string>`coalesce((select ${profiles.name} from ${profiles} where ${eq(profiles.id, profileId)}), '')`;
  },

  memberProfile,
};
