/**
 * What accounts needs from profiles (decision 021). Profiles sits above accounts (a profile save
 * asks accounts about the orientation consent and takes the member's account lock), so accounts
 * never imports it: profiles implements this port (profiles/for-accounts.ts) and the app's context (build-context.ts) passes it
 * in. Effects of account changes on profiles are events instead (`account.erased`,
 * `account.orientation_consent_withdrawn`), handled in profiles/event-handlers.ts.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open';
import type { Tx } from '../../infra/domain-events';

/** The profile a signup creates with the account. */
export interface SignupProfile {
  siteId: number;
  name: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  gender: 'male' | 'female';
  /** Only with the orientation consent (GDPR art. 9, decision 036); else null. */
  lookingForGender: 'male' | 'female' | 'both' | null;
  country: string;
  createdAt: Date;
}

/** The profile part of the member view (user.php), by the names the member row gives them. */
export type MemberProfileColumns = {
  profileId: SQL.Aliased<number>;
  profileName: SQL.Aliased<string>;
  profileCountry: SQL.Aliased<string>;
  profileStatus: SQL.Aliased<string>;
  /** The main photo (any moderation status), null without one. */
  mainFilename: SQL.Aliased<string | null>;
  mainThumbFilename: SQL.Aliased<string | null>;
  mainStatus: SQL.Aliased<string | null>;
};

/**
 * A derived table of profiles with their main photo, which the session lookup joins by
 * `profileId = users.profile_id`. PostgreSQL pulls it up into the lookup, so user.php stays one
 * prepared query with primary-key and unique-index probes.
 */
export type MemberProfileTable = SubqueryWithSelection<MemberProfileColumns, 'member_profile'>;

export interface ProfilePort {
  /** Creates the new member's profile in the signup transaction; answers its id. */
  createSignupProfile(tx: Tx, profile: SignupProfile): Promise<number>;
  /** Whether the profile exists on the site (the profile a visitor signed up from). */
  isProfileOnSite(db: Pick<Database, 'select'>, profileId: number, siteId: number): Promise<boolean>;
  /**
   * SQL: the name of the profile a users.profile_id column points to, for the account mails (a
   * primary-key probe); empty for an erased account, which has no profile and gets no mail.
   */
  nameOf(profileId: SQLWrapper): SQL<string>;
  memberProfile: MemberProfileTable;
}
