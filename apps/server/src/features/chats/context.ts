/**
 * What every chat operation needs (issue 12): the database, the clock, the shared rate limiter,
 * the live channel (features/live, through its port) and the site lookups; and who asks.
 */
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { LiveHub } from '../live/live-hub';
import type { ActivityMarks } from '../profiles/activity-port';
import type { ExistingContactSources } from '../profiles/contact';
import type { Site } from '../sites/service';
import type { LocaleCode } from '@cupido/shared/rules/locales';

export interface ChatDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  /** Frames to members' open tabs, sent after each commit (hints: the database holds the facts). */
  live: LiveHub;
  /** The member's site, for the live channel's handlers (frames name only the member's site id). */
  sites: { byId(id: number): Promise<Site | null> };
  /** Where a frame that could not be published is reported (the message is stored all the same). */
  log: { warn(obj: object, msg: string): void };
  /** The app's existing-contact sources (profiles/contact.ts): who stays reachable when a partner turned invisible. */
  contactSources: ExistingContactSources;
  /** Domain events: a member's text to a fictional profile is published in the send's transaction (issue 15). */
  events?: DomainEvents;
  /**
   * The reminder of the site's spending limits for a member writing to a fictional profile, or
   * null (issue 15): the operator console knows who is vulnerable and lends this through the app's context (build-context.ts)
   * (chats cannot import it: the console sits above chats).
   */
  spendingReminder?: SpendingReminderSource;
  /**
   * The partners' "online now" / "active today" marks in the list and the conversation header
   * (issue 28): features/presence knows them and the app's context (build-context.ts) hands them in through profiles' port.
   */
  activity?: ActivityMarks;
}

export type SpendingReminderSource = (site: Site, memberProfileId: number, locale: LocaleCode) => Promise<string | null>;

/** The logged-in member, as the session knows them. */
export interface ChatMember {
  userId: number;
  profileId: number;
  siteId: number;
}

/** The settings of the member's site the chat rules use. */
export type ChatSite = Pick<
  Site,
  | 'id'
  | 'messageCredits'
  | 'photoCredits'
  | 'giftCredits'
  | 'messageLength'
  | 'chatHistoryDays'
  | 'cdnPrefix'
  | 'fictionalIcon'
  | 'fictionalSingular'
  | 'fictionalWarning'
>;

export const profileNotFound = () => new AppError(404, 'profile_not_found', 'errors.profile_not_found');
export const conversationNotFound = () => new AppError(404, 'conversation_not_found', 'errors.conversation_not_found', {}, 'conversation');
export const noAccess = () => new AppError(403, 'no_access', 'errors.no_access');
export const chatBlocked = () => new AppError(403, 'chat_blocked', 'errors.chat_blocked', {}, 'profile_id');
export const cannotMessageSelf = () => new AppError(400, 'cannot_message_self', 'errors.cannot_message_self', {}, 'profile_id');
