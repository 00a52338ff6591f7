/**
 * May the member send to this partner, and if not, why (spec sections 4, 6 and 9)? The facts
 * come from profiles (contact facts: site, usable, invisible, blocks, existing contact), accounts
 * (whether the partner's account confirmed its e-mail) and the member's conversations; the one
 * rule below turns them into the chat screen's send_blocked and the send call's refusals.
 */
import { sql } from 'drizzle-orm';
import { FREE_CONVERSATIONS_STARTED, mayStartConversation, type SendBlockedReason } from '@cupido/shared/rules/chats';
import type { ContactFacts } from '@cupido/shared/rules/profiles';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import { profileAccountUnconfirmed } from '../accounts/profile-of-user';
import { contactFacts, targetProfile, targetWithContactFacts, type ExistingContactSources, type TargetProfile } from '../profiles/contact';
import { cardsByIdsQuery, type CardRow } from '../profiles/search-read-model';
import { chatBlocked, noAccess, profileNotFound, type ChatMember } from './context';
import { startedCount } from './store';

export interface PartnerFacts {
  target: TargetProfile;
  card: CardRow;
  facts: ContactFacts;
  fictional: boolean;
  /** The partner's account has not confirmed its e-mail (their profile is then not usable). */
  unconfirmed: boolean;
}

/**
 * The partner's facts as the member sees them; null when the site has no such profile. `db` may
 * be the send's transaction (everything is read through it: PGlite has one connection);
 * `sources`: the app's existing-contact sources (ChatDeps.contactSources).
 */
export async function partnerFacts(
  db: Database,
  sources: ExistingContactSources,
  member: ChatMember,
  profileId: number,
): Promise<PartnerFacts | null> {
  const target = await targetProfile(db, member.siteId, profileId);
  if (!target) return null;
  const [facts, [card], [account]] = await sequential(
    () => contactFacts(db, sources, { userId: member.userId, profileId: member.profileId }, target),
    () => cardsByIdsQuery(db, [profileId]),
    () => db.select({ unconfirmed: profileAccountUnconfirmed(profileId) }).from(sql`(select 1) as one`),
  );
  if (!card) return null;
  return { target, card, facts, fictional: card.isFictional, unconfirmed: account?.unconfirmed === true };
}

/** What a send needs of the partner: no card (the send answers none). */
export type SendPartnerFacts = Omit<PartnerFacts, 'card'>;

/**
 * partnerFacts for a send, in two statements instead of four: the card is left out, and whether
 * the partner's account confirmed its e-mail is read only for a profile that is not usable (the
 * one case sendBlockedReason asks it). A send runs these in its transaction, on its locks: every
 * statement less is time the member's account lock is held less (issue 32's chat bench).
 */
export async function sendPartnerFacts(
  db: Database,
  sources: ExistingContactSources,
  member: ChatMember,
  profileId: number,
): Promise<SendPartnerFacts | null> {
  const found = await targetWithContactFacts(db, sources, member.siteId, { userId: member.userId, profileId: member.profileId }, profileId);
  if (!found) return null;
  const { target, facts } = found;
  let unconfirmed = false;
  if (!facts.targetUsable) {
    const [account] = await db.select({ unconfirmed: profileAccountUnconfirmed(profileId) }).from(sql`(select 1) as one`);
    unconfirmed = account?.unconfirmed === true;
  }
  return { target, facts, fictional: target.isFictional, unconfirmed };
}

/** One after another: inside a transaction a connection runs one statement at a time anyway. */
async function sequential<A, B, C>(a: () => Promise<A>, b: () => Promise<B>, c: () => Promise<C>): Promise<[A, B, C]> {
  const first = await a();
  const second = await b();
  return [first, second, await c()];
}

/**
 * Why the member cannot send to the partner now, or null. `hasConversation`: the two have one
 * already (replying is never limited); `mayStart`: a free member has conversations left to start.
 */
export function sendBlockedReason(partner: SendPartnerFacts, hasConversation: boolean, mayStart: boolean): SendBlockedReason | null {
  const { facts, target } = partner;
  if (facts.blockedByViewer || facts.blockedByTarget) return 'blocked';
  if (!facts.targetUsable) return partner.unconfirmed && target.status === 'active' ? 'partner_unconfirmed' : 'partner_gone';
  if (facts.targetInvisible && !facts.existingContact) return 'partner_invisible';
  if (!hasConversation && !mayStart) return 'conversation_limit';
  return null;
}

/** Whether a member who is free (not premium) may start another conversation now. */
export async function mayStartAnother(db: Database, profileId: number, paidUser: boolean): Promise<boolean> {
  return paidUser || mayStartConversation(await startedCount(db, profileId), false);
}

/**
 * The refusal of a send for the reason: the member cannot learn of a profile they may not
 * contact (404, as its page would answer), except a partner they already talk to.
 */
export function refusalFor(reason: SendBlockedReason, partner: SendPartnerFacts, hasConversation: boolean): AppError {
  switch (reason) {
    case 'blocked':
      return partner.facts.blockedByTarget ? noAccess() : chatBlocked();
    case 'partner_unconfirmed':
      return hasConversation ? new AppError(403, 'partner_unconfirmed', 'errors.partner_unconfirmed') : profileNotFound();
    case 'conversation_limit':
      return new AppError(403, 'premium_only', 'errors.premium_only', { count: FREE_CONVERSATIONS_STARTED });
    case 'partner_gone':
    case 'partner_invisible':
      return profileNotFound();
  }
}
