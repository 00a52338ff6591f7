/**
 * The member's own profile (GET/PUT /api/profile.php) and profile pages (GET /api/member.php).
 * An update writes the profile row and its interests in one transaction: all or nothing.
 */
import { asc, eq } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import { INTEREST_IDS, type Gender, type Sexuality } from '@cupido/shared/rules/profile-options';
import type { TOwnProfile, TProfileUpdate } from '@cupido/shared/contracts/profiles';
import type { Database } from '../../db/open';
import { profileInterests, profiles } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import type { Site } from '../sites/service';
import { profileNotFound } from '../blocks/service';
import { hasOrientationConsent } from '../accounts/consents';
import { lockMemberAccount } from '../accounts/member-lock';
import { validateProfileUpdate } from './validation';

export interface ProfileDeps {
  db: Database;
  clock: Clock;
  /** The saved profile's account.view_changed (user.php shows its name and country). */
  events: DomainEvents;
}

const INTEREST_ORDER = new Map<string, number>(INTEREST_IDS.map((id, index) => [id, index]));

/** Interest ids of a profile, in the order of INTEREST_IDS. */
export async function interestsOf(db: Database, profileId: number): Promise<string[]> {
  const rows = await db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.profileId, profileId))
    .orderBy(asc(profileInterests.interestId));
  return rows.map((r) => r.id).sort((a, b) => (INTEREST_ORDER.get(a) ?? 999) - (INTEREST_ORDER.get(b) ?? 999));
}

export async function ownProfile(deps: Pick<ProfileDeps, 'db' | 'clock'>, profileId: number): Promise<TOwnProfile> {
  const [row] = await deps.db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) throw profileNotFound();
  return {
    id: row.id,
    name: row.name,
    gender: row.gender as Gender | null,
    sexuality: row.sexuality as Sexuality | null,
    date_of_birth: row.birthDate,
    age: ageOn(row.birthDate, deps.clock()) ?? 0,
    country: row.country,
    region: row.region,
    city: row.city,
    hair_color: row.hairColor,
    eye_color: row.eyeColor,
    body_type: row.bodyType,
    relationship_status: row.relationshipStatus,
    tattoos: row.tattoos,
    signup_reason: row.signupReason,
    interests: await interestsOf(deps.db, row.id),
    about: row.about,
    invisible: row.isInvisible,
    looking_for_gender: row.lookingForGender,
    looking_for_min_age: row.lookingForMinAge,
    looking_for_max_age: row.lookingForMaxAge,
    status: row.status,
    location: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    hide_activity: row.hideActivity,
  };
}

export async function updateOwnProfile(
  deps: ProfileDeps,
  site: Site,
  member: { id: number; profileId: number; email: string },
  input: TProfileUpdate,
): Promise<void> {
  await deps.events.transaction(deps.db, async (tx) => {
    // The account lock a consent change takes (accounts/consents.ts): a withdrawal cannot slip in
    // between the consent check and the write. Taken in a statement of its own, so the read below
    // starts after a withdrawal it waited for has committed and sees it (under READ COMMITTED a
    // statement sees what was committed when it began, even if it then waits for a lock).
    await lockMemberAccount(tx, member.id);
    const [current] = await tx
      .select({
        country: profiles.country,
        region: profiles.region,
        city: profiles.city,
        lookingForMinAge: profiles.lookingForMinAge,
        lookingForMaxAge: profiles.lookingForMaxAge,
        orientationConsent: hasOrientationConsent(member.id),
      })
      .from(profiles)
      .where(eq(profiles.id, member.profileId))
      .for('update');
    if (!current) throw profileNotFound();
    const changes = validateProfileUpdate(input, {
      email: member.email,
      minimumAge: site.minimumAge,
      siteCountries: site.countries,
      today: deps.clock(),
      current,
      orientationConsent: current.orientationConsent,
    });
    if (Object.keys(changes.columns).length > 0) {
      await tx.update(profiles).set(changes.columns).where(eq(profiles.id, member.profileId));
    }
    if (changes.interests !== undefined) {
      await tx.delete(profileInterests).where(eq(profileInterests.profileId, member.profileId));
      if (changes.interests.length > 0) {
        await tx.insert(profileInterests).values(changes.interests.map((interestId) => ({ profileId: member.profileId, interestId })));
      }
    }
    // user.php shows the profile's name and country: the session drops the cached lookups after the commit.
    await deps.events.publish(tx, { type: 'account.view_changed', userId: member.id });
  });
}

/**
 * Deletes a profile for good (account erasure): first `profile.deleting`, so the features that
 * hang rows on it (photos) remove theirs in this transaction, then the row; interests go with it
 * (ON DELETE CASCADE).
 */
export async function deleteProfile(events: DomainEvents, tx: Tx, profileId: number): Promise<void> {
  await events.publish(tx, { type: 'profile.deleting', profileId });
  await tx.delete(profiles).where(eq(profiles.id, profileId));
}
