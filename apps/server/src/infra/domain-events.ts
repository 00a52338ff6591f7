/**
 * Typed domain events (decision 021): the feature that owns a fact publishes it; the features
 * that care register handlers at app start (their module.ts), so no feature calls up into another.
 *
 * - `handleInTransaction` handlers run inside the publisher's transaction, with its `tx`: what
 *   they write commits or rolls back together with the fact (a block removes likes and
 *   conversations, or nothing happens). A throw rolls the whole transaction back.
 * - `handleAfterCommit` handlers run once the transaction has committed (files, mails, cache
 *   invalidation): a failure is logged and does not undo the fact.
 *
 * Events are published with `publish(tx, event)` inside `events.transaction(db, work)`, which
 * knows when the commit happened; publishing on any other transaction is a programming error.
 */
import type { Database } from '../db/open';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Every domain event, in one place. Add a variant here before publishing it. */
export type DomainEvent =
  /** A member blocked a profile (blocks). Likes and chats delete what lies between the two when they land. */
  | { type: 'member.blocked'; blockerUserId: number; blockerProfileId: number; blockedProfileId: number }
  /** A member lifted a block (blocks). Nothing comes back: deleted likes and conversations stay deleted. */
  | { type: 'member.unblocked'; blockerUserId: number; blockerProfileId: number; blockedProfileId: number }
  /**
   * An account confirmed its e-mail address (accounts), in the transaction that activated it and
   * granted the signup credits: chats sends the signup message there (or keeps it as a draft).
   */
  | {
      type: 'account.activated';
      userId: number;
      siteId: number;
      profileId: number | null;
      /** The profile whose page the member signed up from, and what they wrote to it. */
      signupProfileId: number | null;
      signupMessage: string | null;
    }
  /**
   * A visitor signed up (accounts), in the transaction that created the account. `tracking` holds
   * the cleaned ad-tracking values only with the ad-tracking consent (decision 024), else it is
   * empty; `landingPage` is the path the visit began on (a lander), for the traffic figures.
   */
  | {
      type: 'account.signed_up';
      userId: number;
      siteId: number;
      profileId: number;
      tracking: Record<string, string>;
      landingPage: string | null;
      at: Date;
    }
  /** A member asked to delete their account (accounts); for 14 days it can be reactivated. Likes and chats hide theirs. */
  | { type: 'account.deletion_requested'; userId: number; profileId: number | null }
  /** A pending deletion was undone by the reactivation link (accounts): what was hidden shows again. */
  | { type: 'account.reactivated'; userId: number; profileId: number | null }
  /**
   * A member withdrew the consent to the processing of their sexual orientation (accounts),
   * holding the lock on their account row: profiles clears the stored sexuality in the same
   * transaction, so no sexuality stays stored without the consent.
   */
  | { type: 'account.orientation_consent_withdrawn'; userId: number; profileId: number }
  /**
   * A member withdrew the ad-tracking consent (accounts), in the transaction that empties the
   * stored tracking values: postbacks forgets what it kept of them and makes no further call.
   */
  | { type: 'account.ad_tracking_consent_withdrawn'; userId: number }
  /**
   * The account's 14 days are over and its content goes for good (accounts); the user row stays
   * pseudonymised. Each feature erases what it holds about the member.
   */
  | { type: 'account.erased'; userId: number; profileId: number | null }
  /**
   * What the logged-in member's own view reads (account status and sessions, mail state, balance,
   * main photo) changed in this transaction, and no other fact says so: the session drops the
   * member's cached lookups in every process once it committed (issue 33), never before.
   */
  | { type: 'account.view_changed'; userId: number }
  /** A profile is about to be deleted (profiles), published before the row goes: dependants remove theirs first. */
  | { type: 'profile.deleting'; profileId: number }
  /** A payment was confirmed by the provider (payments), in the transaction that posts its credits: accounts makes the member premium for life. */
  | { type: 'payment.completed'; userId: number; paymentId: number; amountMinor: number; currency: string }
  /**
   * Whether one of a member's purchases stands changed without a new payment (payments), in that
   * transaction, under the member's account lock: a full refund or a chargeback took it back, or a
   * full refund the provider refused gave it back. `anyPurchaseStands`: some paid purchase of the
   * member is neither charged back nor fully refunded; accounts keeps paid_user to it.
   */
  | {
      type: 'payment.standing_changed';
      userId: number;
      paymentId: number;
      cause: 'refund' | 'chargeback' | 'refund_refused';
      anyPurchaseStands: boolean;
    }
  /**
   * A member sent a text message to a fictional profile (chats), in the send's transaction: the
   * operator console records the vulnerability signals of the text (issue 15).
   */
  | {
      type: 'chat.message_to_fictional_profile';
      siteId: number;
      conversationId: number;
      messageId: number;
      memberProfileId: number;
      fictionalProfileId: number;
      text: string;
    };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export interface TransactionEffects {
  /** Runs `effect` once the publisher's transaction has committed (e.g. deleting files whose rows went). */
  afterCommit(effect: () => Promise<void> | void): void;
}

export type InTransactionHandler<T extends DomainEventType> = (event: EventOf<T>, tx: Tx, effects: TransactionEffects) => Promise<void>;
export type AfterCommitHandler<T extends DomainEventType> = (event: EventOf<T>) => Promise<void> | void;

interface Registered {
  name: string;
  inTransaction?: InTransactionHandler<DomainEventType>;
  afterCommit?: AfterCommitHandler<DomainEventType>;
}

export interface EventLog {
  error(obj: object, msg: string): void;
}

export class DomainEvents {
  private readonly handlers = new Map<DomainEventType, Registered[]>();
  /** Effects waiting for the commit of each open transaction that `transaction` started. */
  private readonly pending = new WeakMap<Tx, Array<{ name: string; run: () => Promise<void> | void }>>();

  constructor(private readonly log: EventLog) {}

  /** `name` says who handles it, for logs and for the boundaries test's listing. */
  handleInTransaction<T extends DomainEventType>(type: T, name: string, handler: InTransactionHandler<T>): void {
    this.add(type, { name, inTransaction: handler as unknown as InTransactionHandler<DomainEventType> });
  }

  handleAfterCommit<T extends DomainEventType>(type: T, name: string, handler: AfterCommitHandler<T>): void {
    this.add(type, { name, afterCommit: handler as unknown as AfterCommitHandler<DomainEventType> });
  }

  /** The names of the handlers registered for an event type, in the order they run. */
  handlersOf(type: DomainEventType): string[] {
    return (this.handlers.get(type) ?? []).map((h) => h.name);
  }

  /** A transaction in which events may be published; after-commit work runs once it committed. */
  async transaction<R>(db: Database, work: (tx: Tx) => Promise<R>): Promise<R> {
    let effects: Array<{ name: string; run: () => Promise<void> | void }> = [];
    const result = await db.transaction(async (tx) => {
      effects = [];
      this.pending.set(tx, effects);
      try {
        return await work(tx);
      } finally {
        this.pending.delete(tx);
      }
    });
    for (const effect of effects) {
      try {
        await effect.run();
      } catch (err) {
        // The fact is committed; a failed follow-up (a file left behind) is reported, not undone.
        this.log.error({ err, handler: effect.name }, 'domain event: after-commit handler failed');
      }
    }
    return result;
  }

  /** Runs the in-transaction handlers now, with `tx`, and queues the after-commit ones. */
  async publish(tx: Tx, event: DomainEvent): Promise<void> {
    const effects = this.pending.get(tx);
    if (!effects) throw new Error(`domain event ${event.type} published outside events.transaction()`);
    for (const handler of this.handlers.get(event.type) ?? []) {
      if (handler.inTransaction) {
        await handler.inTransaction(event, tx, {
          afterCommit: (run) => effects.push({ name: handler.name, run }),
        });
      }
      const afterCommit = handler.afterCommit;
      if (afterCommit) effects.push({ name: handler.name, run: () => afterCommit(event) });
    }
  }

  private add(type: DomainEventType, handler: Registered): void {
    const list = this.handlers.get(type) ?? [];
    if (list.some((h) => h.name === handler.name)) throw new Error(`${handler.name} already handles ${type}`);
    this.handlers.set(type, [...list, handler]);
  }
}
