/**
 * Consents (trust.md): terms and the processing of orientation data, each row with the terms
 * version and the time it was given; withdrawing sets revoked_at, giving again adds a new row.
 * Withdrawing the orientation consent also clears the profile's sexuality and whom the member
 * looks for (with the gender it reveals the orientation, decision 036): we stop processing them
 * (profiles does that on account.orientation_consent_withdrawn, in the same transaction).
 */
import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { termsVersionDate } from '@cupido/shared/rules/site-shell';
import { cleanTracking } from '@cupido/shared/rules/tracking';
import { consents, users } from '../../db/schema';
import type { Database } from '../../db/open';
import type { DomainEvents } from '../../infra/domain-events';
import { companyTermsDate } from '../sites/service';
import type { Tx } from './account-context';
import { lockMemberAccount } from './member-lock';

/** The version a consent given now records: the terms date of the site's company. */
export async function currentTermsVersion(db: Database | Tx, companyId: number): Promise<string> {
  return termsVersionDate(await companyTermsDate(db, companyId)).toISOString();
}

/** SQL: whether the user (a users.id column or a value) has an unrevoked orientation_data consent. */
export function hasOrientationConsent(userId: SQLWrapper | number) {
  return sql<boolean>`exists (select 1 from ${consents} where ${consents.userId} = ${userId} and ${consents.kind} = 'orientation_data' and ${consents.revokedAt} is null)`;
}

/**
 * Gives or withdraws the orientation consent; answers whether anything changed (a repeated call
 * changes nothing). The member's account row is locked first, and a profile save takes the same
 * lock before it reads the consent (profiles/service.ts), so consent changes and profile saves of
 * one member take turns. A withdrawal publishes account.orientation_consent_withdrawn, on which
 * profiles clears the sexuality in this transaction: a save waiting for the lock then reads the
 * withdrawn consent and refuses a sexuality, and one that went first has its sexuality cleared.
 */
export async function setOrientationConsent(
  deps: { db: Database; events: DomainEvents },
  member: { id: number; profileId: number },
  change: { granted: boolean; companyId: number; now: Date },
): Promise<boolean> {
  const { granted, companyId, now } = change;
  return deps.events.transaction(deps.db, async (tx) => {
    await lockMemberAccount(tx, member.id);
    const active = and(eq(consents.userId, member.id), eq(consents.kind, 'orientation_data'), isNull(consents.revokedAt));
    const [current] = await tx.select({ id: consents.id }).from(consents).where(active).limit(1);
    if (granted) {
      if (current) return false;
      const version = await currentTermsVersion(tx, companyId);
      await tx.insert(consents).values({ userId: member.id, kind: 'orientation_data', version, grantedAt: now });
      return true;
    }
    if (!current) return false;
    await tx.update(consents).set({ revokedAt: now }).where(active);
    await deps.events.publish(tx, { type: 'account.orientation_consent_withdrawn', userId: member.id, profileId: member.profileId });
    return true;
  });
}

/**
 * SQL: the member's ad-tracking consent as the web app needs it: true while given, false once
 * withdrawn, null when the member never gave it (their browser's own choice applies then).
 */
export function adTrackingConsentState(userId: SQLWrapper | number) {
  return sql<
    boolean | null
  >`(select bool_or(${consents.revokedAt} is null) from ${consents} where ${consents.userId} = ${userId} and ${consents.kind} = 'ad_tracking')`;
}

/**
 * Gives or withdraws the consent to keep and pass on ad-tracking parameters (decision 024);
 * answers whether anything changed. Giving it stores the parameters the browser sends when the
 * account holds none; withdrawing empties them: we stop keeping them (and publishes
 * account.ad_tracking_consent_withdrawn, so postbacks forgets its copy). The users row is locked so two changes of one member take turns.
 */
export async function setAdTrackingConsent(
  deps: { db: Database; events: DomainEvents },
  member: { id: number },
  change: { granted: boolean; companyId: number; now: Date; tracking?: Record<string, string> },
): Promise<boolean> {
  const { granted, companyId, now } = change;
  return deps.events.transaction(deps.db, async (tx) => {
    const [locked] = await tx.select({ tracking: users.tracking }).from(users).where(eq(users.id, member.id)).for('update');
    const active = and(eq(consents.userId, member.id), eq(consents.kind, 'ad_tracking'), isNull(consents.revokedAt));
    const [current] = await tx.select({ id: consents.id }).from(consents).where(active).limit(1);
    if (granted) {
      // Consent given after signup: keep what brought the member, unless signup already stored it.
      const tracking = cleanTracking(change.tracking);
      if (Object.keys(tracking).length > 0 && Object.keys(locked?.tracking ?? {}).length === 0) {
        await tx.update(users).set({ tracking }).where(eq(users.id, member.id));
      }
      if (current) return false;
      const version = await currentTermsVersion(tx, companyId);
      await tx.insert(consents).values({ userId: member.id, kind: 'ad_tracking', version, grantedAt: now });
      return true;
    }
    await tx.update(users).set({ tracking: {} }).where(eq(users.id, member.id));
    if (!current) return false;
    await tx.update(consents).set({ revokedAt: now }).where(active);
    // Postbacks forgets the copy it keeps of the tracking values (decision 050).
    await deps.events.publish(tx, { type: 'account.ad_tracking_consent_withdrawn', userId: member.id });
    return true;
  });
}
