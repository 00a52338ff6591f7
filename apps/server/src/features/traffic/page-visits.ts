/**
 * Bounce logging (spec sections 2 and 7; issue 31): the visit a page opened with `lb` logs, and
 * when the visitor left it. Owns page_visits. The traffic source is stored only when the page sent
 * it, which it does only with the visitor's ad-tracking consent (decision 024); values are cleaned
 * by the same rule as signup's (shared/rules/tracking.ts). Each visit, and each bounce, is counted
 * in the traffic figures in the same transaction (rollup.ts, decision 054).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PAGE_VISITS_PER_IP_PER_HOUR } from '@cupido/shared/contracts/traffic';
import { BOUNCE_SECONDS } from '@cupido/shared/contracts/traffic-figures';
import { cleanTracking, isMalformed } from '@cupido/shared/rules/tracking';
import type { Database } from '../../db/open';
import { PAGE_VISIT_PATH_MAX, pageVisits } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { RateLimiter } from '../../infra/rate-limiter';
import { addToDay, networkAndSub, utcDay } from './rollup';

const HOUR_MS = 60 * 60 * 1000;

export interface TrafficDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
}

/** A page path as logged: it starts with /, holds no control character, and is cut to PAGE_VISIT_PATH_MAX. */
export function loggedPath(raw: string): string | null {
  const path = raw.trim();
  if (!path.startsWith('/') || isMalformed(path)) return null;
  return path.slice(0, PAGE_VISIT_PATH_MAX);
}

/** Logs a visit and answers the token its cookie carries. */
export async function logPageVisit(
  deps: TrafficDeps,
  input: { siteId: number; ip: string; path: string; tracking?: Record<string, string> },
): Promise<string> {
  const path = loggedPath(input.path);
  if (path === null) throw new AppError(400, 'invalid_request', 'errors.invalid_request', {}, 'path');
  const counted = await deps.limiter.hit(`page-visit:ip:${input.ip}`, PAGE_VISITS_PER_IP_PER_HOUR, HOUR_MS);
  if (!counted.allowed) throw new AppError(429, 'too_many_requests', 'errors.too_many_requests');
  const source = cleanTracking(input.tracking);
  const token = randomBytes(18).toString('base64url');
  const startedAt = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.insert(pageVisits).values({
      siteId: input.siteId,
      token,
      path,
      network: source.network ?? null,
      ref: source.ref ?? null,
      sub1: source.sub1 ?? source.sub ?? null,
      sub2: source.sub2 ?? null,
      sub3: source.sub3 ?? null,
      startedAt,
    });
    // The traffic figures (decision 054): the visit counts on its day, in the same transaction.
    await addToDay(tx, { siteId: input.siteId, landingPage: path, ...networkAndSub(source) }, utcDay(startedAt), { visits: 1 });
  });
  return token;
}

/** A bounce: the page was last hidden less than BOUNCE_SECONDS after it opened (decision 054). */
export const isBounce = (startedAt: Date, hiddenAt: Date | null) =>
  hiddenAt !== null && hiddenAt.getTime() - startedAt.getTime() < BOUNCE_SECONDS * 1000;

/**
 * Records that the visit's page was hidden (the last time counts); a token of no visit of this
 * site changes nothing. The visit's row is locked while its bounce count changes: a page hidden
 * early counts a bounce, hidden again later (the visitor came back) it no longer does.
 */
export async function logPageHidden(deps: Pick<TrafficDeps, 'db' | 'clock'>, input: { siteId: number; token: string }): Promise<boolean> {
  const hiddenAt = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [visit] = await tx
      .select()
      .from(pageVisits)
      .where(and(eq(pageVisits.token, input.token), eq(pageVisits.siteId, input.siteId)))
      .for('update');
    if (!visit) return false;
    await tx.update(pageVisits).set({ hiddenAt }).where(eq(pageVisits.id, visit.id));
    const was = isBounce(visit.startedAt, visit.hiddenAt);
    const now = isBounce(visit.startedAt, hiddenAt);
    if (was !== now) {
      const source = { siteId: visit.siteId, landingPage: visit.path, network: visit.network ?? '', sub1: visit.sub1 ?? '' };
      await addToDay(tx, source, utcDay(visit.startedAt), { bounces: now ? 1 : -1 });
    }
    return true;
  });
}

/**
 * Gives a visit logged without its traffic source the source the visitor allowed later on the same
 * page (the ad-tracking banner comes after the visit was logged): the visit and, if it counted
 * one, its bounce move from "no source" to that source in the figures, in one transaction. A
 * visit that has a source keeps it; a token of no visit of this site changes nothing.
 */
export async function attachVisitSource(
  deps: Pick<TrafficDeps, 'db'>,
  input: { siteId: number; token: string; tracking?: Record<string, string> },
): Promise<boolean> {
  const source = cleanTracking(input.tracking);
  const moved = networkAndSub(source);
  if (moved.network === '' && moved.sub1 === '' && !source.ref) return false;
  return deps.db.transaction(async (tx) => {
    const [visit] = await tx
      .select()
      .from(pageVisits)
      .where(and(eq(pageVisits.token, input.token), eq(pageVisits.siteId, input.siteId)))
      .for('update');
    if (!visit || visit.network !== null || visit.ref !== null || visit.sub1 !== null) return false;
    await tx
      .update(pageVisits)
      .set({
        network: source.network ?? null,
        ref: source.ref ?? null,
        sub1: source.sub1 ?? source.sub ?? null,
        sub2: source.sub2 ?? null,
        sub3: source.sub3 ?? null,
      })
      .where(eq(pageVisits.id, visit.id));
    const day = utcDay(visit.startedAt);
    const bounce = isBounce(visit.startedAt, visit.hiddenAt) ? 1 : 0;
    await addToDay(tx, { siteId: visit.siteId, landingPage: visit.path, network: '', sub1: '' }, day, { visits: -1, bounces: -bounce });
    await addToDay(tx, { siteId: visit.siteId, landingPage: visit.path, ...moved }, day, { visits: 1, bounces: bounce });
    return true;
  });
}
