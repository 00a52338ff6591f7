/**
 * The event bus on a real database: in-transaction handlers commit or roll back with the
 * publisher, after-commit handlers run only after a commit and cannot undo it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/open';
import { appKeys } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { DomainEvents } from './domain-events';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const errors: object[] = [];
const log = { error: (obj: object) => errors.push(obj) };
const keyCount = (name: string) => database.db.$count(appKeys, eq(appKeys.name, name));
const blocked = { type: 'member.blocked', blockerUserId: 1, blockerProfileId: 2, blockedProfileId: 3 } as const;

describe('DomainEvents', () => {
  it("runs in-transaction handlers with the publisher's tx, and after-commit ones after the commit, in order", async () => {
    const events = new DomainEvents(log);
    const order: string[] = [];
    events.handleInTransaction('member.blocked', 'writes a row', async (event, tx, effects) => {
      await tx.insert(appKeys).values({ name: `in-tx-${event.blockedProfileId}`, value: {} });
      order.push('in transaction');
      effects.afterCommit(async () => {
        order.push(`effect sees ${await keyCount('in-tx-3')} row`);
      });
    });
    events.handleAfterCommit('member.blocked', 'after commit', () => {
      order.push('after commit');
    });
    await events.transaction(database.db, async (tx) => {
      await events.publish(tx, blocked);
      order.push('publisher continues');
    });
    expect(order).toEqual(['in transaction', 'publisher continues', 'effect sees 1 row', 'after commit']);
    expect(events.handlersOf('member.blocked')).toEqual(['writes a row', 'after commit']);
  });

  it("rolls the handlers' writes back with the publisher, and runs no after-commit work then", async () => {
    const events = new DomainEvents(log);
    let afterCommitRuns = 0;
    events.handleInTransaction('account.erased', 'writes a row', async (event, tx) => {
      await tx.insert(appKeys).values({ name: `erased-${event.userId}`, value: {} });
    });
    events.handleAfterCommit('account.erased', 'counts', () => {
      afterCommitRuns += 1;
    });
    const failing = events.transaction(database.db, async (tx) => {
      await events.publish(tx, { type: 'account.erased', userId: 7, profileId: null });
      throw new Error('publisher failed');
    });
    await expect(failing).rejects.toThrow('publisher failed');
    expect(await keyCount('erased-7')).toBe(0);
    expect(afterCommitRuns).toBe(0);
  });

  it('lets a failing in-transaction handler undo the fact itself', async () => {
    const events = new DomainEvents(log);
    events.handleInTransaction('member.unblocked', 'refuses', async () => {
      throw new Error('handler refused');
    });
    const publishing = events.transaction(database.db, async (tx) => {
      await tx.insert(appKeys).values({ name: 'the-fact', value: {} });
      await events.publish(tx, { ...blocked, type: 'member.unblocked' });
    });
    await expect(publishing).rejects.toThrow('handler refused');
    expect(await keyCount('the-fact')).toBe(0);
  });

  it('logs a failing after-commit handler, keeps the fact and still runs the others', async () => {
    const events = new DomainEvents(log);
    let laterRan = false;
    events.handleAfterCommit('account.deletion_requested', 'fails', () => {
      throw new Error('mail server down');
    });
    events.handleAfterCommit('account.deletion_requested', 'later', () => {
      laterRan = true;
    });
    errors.length = 0;
    await events.transaction(database.db, async (tx) => {
      await tx.insert(appKeys).values({ name: 'kept-fact', value: {} });
      await events.publish(tx, { type: 'account.deletion_requested', userId: 1, profileId: 2 });
    });
    expect(await keyCount('kept-fact')).toBe(1);
    expect(laterRan).toBe(true);
    expect(errors).toEqual([expect.objectContaining({ handler: 'fails' })]);
  });

  it('handles events published by a handler in the same transaction (profile.deleting inside account.erased)', async () => {
    const events = new DomainEvents(log);
    const seen: string[] = [];
    events.handleInTransaction('account.erased', 'profiles', async (event, tx) => {
      await events.publish(tx, { type: 'profile.deleting', profileId: event.profileId! });
    });
    events.handleInTransaction('profile.deleting', 'photos', async (event) => {
      seen.push(`profile ${event.profileId}`);
    });
    await events.transaction(database.db, (tx) => events.publish(tx, { type: 'account.erased', userId: 1, profileId: 9 }));
    expect(seen).toEqual(['profile 9']);
  });

  it('refuses a publish outside events.transaction (its after-commit work would be lost) and a handler registered twice', async () => {
    const events = new DomainEvents(log);
    await expect(database.db.transaction((tx) => events.publish(tx, blocked))).rejects.toThrow('outside events.transaction');
    events.handleAfterCommit('member.blocked', 'once', () => undefined);
    expect(() => events.handleAfterCommit('member.blocked', 'once', () => undefined)).toThrow('already handles');
  });
});
