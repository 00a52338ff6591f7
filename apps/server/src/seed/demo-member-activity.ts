/**
 * What the demo member finds on her first login (issue 29, "The demo shows the product"): credits
 * to try the paid chat, a match, two conversations (one a fictional profile's operator has
 * answered, one waiting) and likes received. Everything goes through the features' own paths:
 * credits through the ledger (changeCredits), her like through likeProfile, the profiles' likes
 * through likeFromFictionalProfile, her messages through the chat's sendInTx (which charges them),
 * the answer through the operator console's storeStaffMessage. Each step has a fixed idempotency
 * key or client id, so seeding again writes nothing new. Runs only where the demo seed runs
 * (decision 035: a demo server, never production).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/open';
import { operatorAnswers, photos, profiles, sites, staffAccounts, users } from '../db/schema';
import { changeCredits } from '../features/credits/service';
import { likeFromFictionalProfile, likeProfile, likedEitherWay } from '../features/likes/service';
import { sendInTx } from '../features/chats/send';
import { conversationExistsBetween } from '../features/chats/store';
import { ExistingContactSources } from '../features/profiles/contact';
import { staffMessageByClientId, storeStaffMessage } from '../features/chats/for-operator-console';
import { NO_RATE_LIMIT } from '../infra/rate-limiter';
import { DEMO_MEMBER, DEMO_MEMBER_SEED_KEY } from './demo-member';
import { DEMO_ADMIN } from './demo-staff';
import { SEED_REFERENCE_DATE } from './demo-profiles';

/** Credits granted by hand (a manual correction, the ledger's staff grant) on top of the site's signup credits. */
export const DEMO_EXTRA_CREDITS = 300;

/** Fixed client ids (UUIDs): a second seed finds the stored message and sends nothing. */
const CLIENT_IDS = {
  matchMessage: '00000000-0000-4000-8000-00000000d001',
  operatorAnswer: '00000000-0000-4000-8000-00000000d002',
  waitingMessage: '00000000-0000-4000-8000-00000000d003',
} as const;

export const DEMO_TEXTS = {
  matchMessage: 'Hi! We matched, so I thought I would say hello. How is your week going?',
  operatorAnswer: 'Hello Demo, nice to hear from you! My week is good, busy at work. What do you like to do at the weekend?',
  waitingMessage: 'Hi, I liked your profile. What kind of music do you listen to?',
} as const;

export interface DemoActivity {
  /** The fictional profiles used: [match (answered), waiting conversation, liked her, liked her]. */
  profileIds: number[];
}

/** The fictional profiles of her site she would see: hetero or bi men (who look for women, decision 013), each with an approved photo. */
async function partnersOf(db: Database, siteId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: profiles.id })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.status, 'approved'), eq(photos.isMain, true)))
    .where(
      and(
        eq(profiles.siteId, siteId),
        eq(profiles.isFictional, true),
        eq(profiles.gender, 'male'),
        inArray(profiles.sexuality, ['hetero', 'bi']),
      ),
    )
    .orderBy(asc(profiles.id))
    .limit(4);
  return rows.map((row) => row.id);
}

export async function seedDemoMemberActivity(db: Database, options: { now?: Date } = {}): Promise<DemoActivity> {
  const now = options.now ?? new Date();
  const [site] = await db.select().from(sites).where(eq(sites.domain, DEMO_MEMBER.domain));
  const [member] = await db
    .select({ userId: users.id, profileId: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.profileId, profiles.id))
    .where(eq(profiles.seedKey, DEMO_MEMBER_SEED_KEY));
  if (!site || !member) throw new Error('Demo seed: the demo member is missing; seed it first');
  const chatMember = { ...member, siteId: site.id };
  const ids = await partnersOf(db, site.id);
  if (ids.length < 4) throw new Error(`Demo seed: only ${ids.length} fictional profiles for the demo member; 4 needed`);
  const [matched, waiting, likerOne, likerTwo] = ids as [number, number, number, number];
  // The seed runs without an app: the existing-contact sources the likes and chats modules add to one.
  const contactSources = new ExistingContactSources();
  contactSources.add(likedEitherWay);
  contactSources.add(conversationExistsBetween);

  // Credits: the signup credits activation grants (same kind and key), and a staff grant on top.
  await db.transaction(async (tx) => {
    if (site.signupCredits > 0) {
      await changeCredits(tx, {
        userId: member.userId,
        amount: site.signupCredits,
        kind: 'signup_credits',
        idempotencyKey: 'signup_credits',
        now,
      });
    }
    await changeCredits(tx, {
      userId: member.userId,
      amount: DEMO_EXTRA_CREDITS,
      kind: 'manual_correction',
      idempotencyKey: 'demo-seed:credits',
      note: 'Demo installation: credits to try the paid chat',
      now,
    });
  });

  // The match: her like (dated on the seed's reference day, so it takes none of today's likes), then his.
  const likeDay = new Date(`${SEED_REFERENCE_DATE}T10:00:00Z`);
  await likeProfile(
    { db, clock: () => likeDay, limiter: NO_RATE_LIMIT, contactSources },
    site,
    { ...chatMember, paidUser: false, timeZone: null },
    matched,
    'demo-seed',
  );
  await db.transaction(async (tx) => {
    for (const from of [matched, likerOne, likerTwo]) await likeFromFictionalProfile(tx, from, member.profileId, now);
  });

  // Two conversations, her messages charged like any member's.
  const sent = await db.transaction(async (tx) => {
    const first = await sendInTx(
      tx,
      contactSources,
      site,
      chatMember,
      { profileId: matched, clientId: CLIENT_IDS.matchMessage, content: { kind: 'text', text: DEMO_TEXTS.matchMessage } },
      now,
    );
    await sendInTx(
      tx,
      contactSources,
      site,
      chatMember,
      { profileId: waiting, clientId: CLIENT_IDS.waitingMessage, content: { kind: 'text', text: DEMO_TEXTS.waitingMessage } },
      now,
    );
    return first;
  });

  // The operator's answer in the match's conversation, as the console stores it (once).
  const [staff] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, DEMO_ADMIN.email));
  if (!staff) throw new Error('Demo seed: the demo admin is missing; seed the staff first');
  if (!(await staffMessageByClientId(db, matched, CLIENT_IDS.operatorAnswer))) {
    const answeredAt = new Date(now.getTime() + 60_000);
    await db.transaction(async (tx) => {
      const { message, waitedSince } = await storeStaffMessage(tx, {
        conversationId: sent.conversationId,
        fictionalProfileId: matched,
        staffId: staff.id,
        text: DEMO_TEXTS.operatorAnswer,
        clientId: CLIENT_IDS.operatorAnswer,
        now: answeredAt,
      });
      if (waitedSince) {
        await tx.insert(operatorAnswers).values({
          siteId: site.id,
          conversationId: sent.conversationId,
          staffId: staff.id,
          messageId: message.id,
          waitedSince,
          answeredAt,
        });
      }
    });
  }
  return { profileIds: ids };
}
