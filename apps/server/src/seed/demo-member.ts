/**
 * The demo member: an activated account on the English demo site (localhost) with a filled-in
 * profile and an approved photo, so a newcomer can look around the members' area without a
 * mailbox. Its login is fixed and public (README, start log): it exists only where the demo seed
 * runs. Idempotent: the profile has seed key 'member-demo'; the account is created with it, once.
 *
 * A woman in Bristol who looks for men (issue 28): she gave the orientation consent, so her
 * orientation and whom she looks for are stored (decision 036); her location is the ~1 km cell of
 * Bristol's centre, and no fictional profile is seeded within FICTIONAL_MIN_DISTANCE_KM of it
 * (DEMO_MEMBER_HOMES). The demo profiles hold men who look for women or both near her and further.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { consents, photos, profileInterests, profiles, sites, users } from '../db/schema';
import { currentTermsVersion } from '../features/accounts/consents';
import { hashPassword } from '../features/accounts/passwords';
import { photosRoot } from '../plugins/photos';
import { demoPhotoPaths, writeDemoAvatars } from './demo-avatars';
import { DEMO_MEMBER_HOMES, demoMemberHomes, locationOf, type DemoPlace } from './demo-places';
import { SEED_REFERENCE_DATE } from './demo-profiles';

export const DEMO_MEMBER = { email: 'demo@cupido.example', password: 'cupido-demo-2026', domain: 'localhost' } as const;
export const DEMO_MEMBER_SEED_KEY = 'member-demo';

const AVATAR = { seedKey: DEMO_MEMBER_SEED_KEY, gender: 'female' as const, hairColor: 'brown', age: 34 };
const HOME = DEMO_MEMBER_HOMES[0]!;

/** Answers whether the account was created now. */
export async function seedDemoMember(db: Database, options: { dataDir: string }): Promise<{ created: boolean }> {
  await writeDemoAvatars(photosRoot(options.dataDir), [AVATAR]);
  const [site] = await db.select().from(sites).where(eq(sites.domain, DEMO_MEMBER.domain));
  if (!site) throw new Error(`Demo seed: site ${DEMO_MEMBER.domain} is missing; seed the demo sites first`);
  const passwordHash = await hashPassword(DEMO_MEMBER.password);
  const termsVersion = await currentTermsVersion(db, site.companyId);
  const createdAt = new Date(`${SEED_REFERENCE_DATE}T09:00:00Z`);
  const [place] = demoMemberHomes() as [DemoPlace];

  return db.transaction(async (tx) => {
    const [profile] = await tx
      .insert(profiles)
      .values({
        siteId: site.id,
        seedKey: DEMO_MEMBER_SEED_KEY,
        name: 'Demo',
        gender: 'female',
        // Special-category data (decision 036): stored because the consents below include orientation_data.
        sexuality: 'hetero',
        lookingForGender: 'male',
        birthDate: '1991-06-14',
        country: HOME.country,
        region: place.region,
        city: place.city,
        ...locationOf(place),
        hairColor: 'brown',
        eyeColor: 'green',
        bodyType: 'average',
        relationshipStatus: 'single',
        tattoos: 'none',
        signupReason: 'relationship',
        about: 'This is the demo account: look around, edit this profile and try the search. Changes stay on this installation.',
        isFictional: false,
        createdAt,
      })
      .onConflictDoNothing({ target: profiles.seedKey })
      .returning({ id: profiles.id });
    if (!profile) return { created: false };
    const [user] = await tx
      .insert(users)
      .values({
        siteId: site.id,
        profileId: profile.id,
        email: DEMO_MEMBER.email,
        passwordHash,
        status: 'active',
        language: 'en',
        createdAt,
        activatedAt: createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return { created: false };
    await tx.insert(consents).values([
      { userId: user.id, kind: 'terms', version: termsVersion, grantedAt: createdAt },
      // The explicit consent that her orientation and whom she looks for are stored under (above).
      { userId: user.id, kind: 'orientation_data', version: termsVersion, grantedAt: createdAt },
    ]);
    await tx
      .insert(profileInterests)
      .values(['music', 'travelling', 'cooking', 'hiking'].map((interestId) => ({ profileId: profile.id, interestId })));
    await tx.insert(photos).values({
      profileId: profile.id,
      ...demoPhotoPaths(DEMO_MEMBER_SEED_KEY),
      status: 'approved',
      isMain: true,
      createdAt,
      reviewedAt: createdAt,
    });
    return { created: true };
  });
}
