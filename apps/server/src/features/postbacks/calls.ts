/**
 * The calls to networks (decision 050): one row per network, member and event, written in the
 * transaction of the fact it reports (the unique index makes a replayed event, a second purchase
 * or a second process a no-op), then sent by a job after the commit.
 */
import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { POSTBACK_URL_MAX, postbackAmount, type PostbackEvent, type PostbackPlaceholder } from '@cupido/shared/rules/postbacks';
import { postbackCalls, postbackNetworks, postbackSubjects } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

/** The key {user} is made with: the same in every process (app_keys), never shown. */
export const POSTBACK_USER_KEY_NAME = 'postback_user';

/**
 * {user}: an id the network can match the member's three events by, which is not the account id
 * (that would tell a network how many members the site has, and link across networks' reports):
 * an HMAC of the account id with the installation's secret key, cut to 22 characters.
 */
export function opaqueUserId(key: Buffer, userId: number): string {
  return createHmac('sha256', key).update(`postback-user:${userId}`).digest('base64url').slice(0, 22);
}

export interface CallValues {
  tracking: Record<string, string>;
  network: string;
  event: PostbackEvent;
  user: string;
  amount?: string;
  currency?: string;
}

/** The template with every placeholder replaced by its value, URL-encoded (empty when there is none). */
export function fillTemplate(template: string, values: CallValues): string {
  const byName: Partial<Record<PostbackPlaceholder, string>> = {
    ...values.tracking,
    network: values.network,
    event: values.event,
    user: values.user,
    amount: values.amount ?? '',
    currency: values.currency ?? '',
  };
  return template.replace(/\{([a-z_0-9]+)\}/g, (_match, name: string) => encodeURIComponent(byName[name as PostbackPlaceholder] ?? ''));
}

/** The tracking values a subject keeps: those of the placeholders; never the e-mail address. */
export function keptTracking(tracking: Record<string, string>): Record<string, string> {
  const { email: _email, ...rest } = tracking;
  return rest;
}

/**
 * Adds the call of `event` for the member's subject, when the subject's network is enabled;
 * answers the new call's id, or null (no subject, network off, or the call exists already).
 */
export async function addCall(
  tx: Tx,
  input: {
    userId: number;
    event: PostbackEvent;
    userKey: Buffer;
    now: Date;
    amountMinor?: number;
    currency?: string;
  },
): Promise<number | null> {
  const [found] = await tx
    .select({ subject: postbackSubjects, network: postbackNetworks })
    .from(postbackSubjects)
    .innerJoin(postbackNetworks, eq(postbackNetworks.id, postbackSubjects.networkId))
    .where(and(eq(postbackSubjects.userId, input.userId), eq(postbackNetworks.enabled, true)));
  if (!found) return null;
  const purchase = input.amountMinor !== undefined && input.currency !== undefined;
  const url = fillTemplate(found.network.urlTemplate, {
    tracking: found.subject.tracking,
    network: found.network.network,
    event: input.event,
    user: opaqueUserId(input.userKey, input.userId),
    ...(purchase
      ? {
          amount: postbackAmount(input.amountMinor!, input.currency!),
          currency: input.currency,
        }
      : {}),
  });
  // Long tracking values can make the URL too long to send as it is: logged as failed, not cut.
  const tooLong = url.length > POSTBACK_URL_MAX;
  const [row] = await tx
    .insert(postbackCalls)
    .values({
      networkId: found.network.id,
      userId: input.userId,
      event: input.event,
      url: tooLong ? url.slice(0, POSTBACK_URL_MAX) : url,
      createdAt: input.now,
      ...(tooLong
        ? {
            status: 'failed' as const,
            answerBody: `Not sent: the filled-in URL is longer than ${POSTBACK_URL_MAX} characters.`,
          }
        : {}),
    })
    .onConflictDoNothing()
    .returning({ id: postbackCalls.id });
  return row && !tooLong ? row.id : null;
}

/**
 * The member's calls lose what identifies them once the account is erased or the ad-tracking
 * consent withdrawn: the URL keeps only its origin (path and query held the tracking values and
 * {user}); a call not yet made is not made. The log still shows that the network was told of the event.
 */
export async function forgetMemberCalls(tx: Tx, userId: number, reason: string): Promise<void> {
  await tx.delete(postbackSubjects).where(eq(postbackSubjects.userId, userId));
  await tx
    .update(postbackCalls)
    .set({ status: 'failed', answerBody: `Not sent: ${reason}.` })
    .where(and(eq(postbackCalls.userId, userId), eq(postbackCalls.status, 'pending')));
  await tx
    .update(postbackCalls)
    .set({
      url: sql`regexp_replace(${postbackCalls.url}, '^([a-z]+://[^/?#]*).*$', '\\1')`,
    })
    .where(eq(postbackCalls.userId, userId));
}
