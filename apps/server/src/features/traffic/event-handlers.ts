/**
 * What traffic does on other features' facts (decision 054), in the publisher's transaction: a
 * signup keeps the member's attribution (site, landing page, network, sub1) and counts a signup;
 * the activation and the first purchase count once for that attribution; every completed payment
 * adds its amount. The counts go on the UTC day the fact happened. Registered once by its module.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { trafficMembers } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import { addRevenue, addToDay, networkAndSub, utcDay, type TrafficSource } from './rollup';

const sourceColumns = {
  siteId: trafficMembers.siteId,
  landingPage: trafficMembers.landingPage,
  network: trafficMembers.network,
  sub1: trafficMembers.sub1,
};

async function sourceOf(tx: Tx, userId: number): Promise<TrafficSource | undefined> {
  const [row] = await tx.select(sourceColumns).from(trafficMembers).where(eq(trafficMembers.userId, userId));
  return row;
}

export function handleTrafficEvents(events: DomainEvents, clock: Clock): void {
  events.handleInTransaction('account.signed_up', 'traffic: keep the signup source and count the signup', async (event, tx) => {
    const source: TrafficSource = { siteId: event.siteId, landingPage: event.landingPage ?? '', ...networkAndSub(event.tracking) };
    const day = utcDay(event.at);
    const kept = await tx
      .insert(trafficMembers)
      .values({ userId: event.userId, ...source, signupDay: day })
      .onConflictDoNothing()
      .returning({ userId: trafficMembers.userId });
    if (kept.length > 0) await addToDay(tx, source, day, { signups: 1 });
  });

  // The row lock of the UPDATE makes a second activation at the same time find activated_at set.
  events.handleInTransaction('account.activated', 'traffic: count the activation once', async (event, tx) => {
    const now = clock();
    const [source] = await tx
      .update(trafficMembers)
      .set({ activatedAt: now })
      .where(and(eq(trafficMembers.userId, event.userId), isNull(trafficMembers.activatedAt)))
      .returning(sourceColumns);
    if (source) await addToDay(tx, source, utcDay(now), { activations: 1 });
  });

  events.handleInTransaction(
    'payment.completed',
    'traffic: count the first purchase once and every payment in the revenue',
    async (event, tx) => {
      const now = clock();
      const day = utcDay(now);
      const [first] = await tx
        .update(trafficMembers)
        .set({ firstPaidAt: now })
        .where(and(eq(trafficMembers.userId, event.userId), isNull(trafficMembers.firstPaidAt)))
        .returning(sourceColumns);
      if (first) await addToDay(tx, first, day, { buyers: 1 });
      const source = first ?? (await sourceOf(tx, event.userId));
      if (source) await addRevenue(tx, source, day, event.currency, event.amountMinor);
    },
  );

  // The figures stay: they hold no person once this row is gone.
  events.handleInTransaction('account.erased', "traffic: forget the erased member's signup source", async (event, tx) => {
    await tx.delete(trafficMembers).where(eq(trafficMembers.userId, event.userId));
  });
}
