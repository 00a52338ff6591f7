/**
 * Who may see and contact whom (spec sections 4 and 6), for profile pages now and for the chats
 * and likes features later: the facts come from the database, the decision from the pure rules
 * canContactFirst / profileAccess in @cupido/shared/contracts/profiles.
 *
 *   const allowed = await mayContactFirst(db, contactSources, { userId, profileId, siteId }, targetProfileId);
 *   if (!allowed) throw ...   // before creating a conversation or a like
 */
import { sql } from 'drizzle-orm';
import { canContactFirst, type ContactFacts } from '@cupido/shared/rules/profiles';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { profiles } from '../../db/schema';
import { blockStateBetween } from '../blocks/service';

export interface Viewer {
  userId: number;
  profileId: number;
}

/**
 * Answers whether a conversation or a like exists between the member and the profile, in either
 * direction (they are "existing partners": an invisible member stays visible and reachable for
 * them). The likes and chats features own those facts and sit above profiles, so they add their
 * answer to the app's ExistingContactSources instead of profiles importing them.
 */
export type ExistingContactSource = (db: Database, viewer: Viewer, targetProfileId: number) => Promise<boolean>;

/**
 * The app's existing-contact sources: one registry per app, in its context (build-context.ts),
 * never one per process. The likes and chats modules add theirs in their `contribute` hook, before
 * any handler or route runs; a test that wants a source of its own makes its own registry.
 */
export class ExistingContactSources {
  private readonly sources = new Set<ExistingContactSource>();

  add(source: ExistingContactSource): void {
    this.sources.add(source);
  }

  /** Whether any source knows a conversation or a like between the two, either way. */
  async hasExistingContact(db: Database, viewer: Viewer, targetProfileId: number): Promise<boolean> {
    for (const source of this.sources) if (await source(db, viewer, targetProfileId)) return true;
    return false;
  }
}

export interface TargetProfile {
  id: number;
  isInvisible: boolean;
  status: string;
  accountUsable: boolean;
  isFictional: boolean;
}

/** The facts about a viewer (null: a visitor) and a profile of the site; `sources`: the app's existing-contact sources. */
export async function contactFacts(
  db: Database,
  sources: ExistingContactSources,
  viewer: Viewer | null,
  target: TargetProfile,
): Promise<ContactFacts> {
  const own = viewer?.profileId === target.id;
  const blocks = viewer && !own ? await blockStateBetween(db, viewer, target.id) : NO_BLOCKS;
  return factsWith(db, sources, viewer, target, blocks);
}

/**
 * targetProfile and contactFacts for a member, with the profile and the blocks read side by side
 * (the blocks do not depend on the profile's row): one round trip less on a chat send's path
 * (issue 32). On one connection (PGlite, a transaction) the two statements simply queue.
 */
export async function targetWithContactFacts(
  db: Database,
  sources: ExistingContactSources,
  siteId: number,
  viewer: Viewer,
  profileId: number,
): Promise<{ target: TargetProfile; facts: ContactFacts } | null> {
  const own = viewer.profileId === profileId;
  const [target, blocks] = await Promise.all([
    targetProfile(db, siteId, profileId),
    own ? NO_BLOCKS : blockStateBetween(db, viewer, profileId),
  ]);
  if (!target) return null;
  return { target, facts: await factsWith(db, sources, viewer, target, blocks) };
}

const NO_BLOCKS = { blockedByViewer: false, blockedByTarget: false };

async function factsWith(
  db: Database,
  sources: ExistingContactSources,
  viewer: Viewer | null,
  target: TargetProfile,
  blocks: typeof NO_BLOCKS,
): Promise<ContactFacts> {
  const own = viewer?.profileId === target.id;
  return {
    viewerProfileId: viewer?.profileId ?? null,
    targetProfileId: target.id,
    targetUsable: target.status === 'active' && target.accountUsable,
    targetInvisible: target.isInvisible,
    ...blocks,
    existingContact: viewer && !own && target.isInvisible ? await sources.hasExistingContact(db, viewer, target.id) : false,
  };
}

/** A profile of the site with what contactFacts needs, or null when the site has no such profile. */
export async function targetProfile(db: Database, siteId: number, profileId: number): Promise<TargetProfile | null> {
  const [row] = await targetStatement(db, { siteId, profileId });
  return row
    ? { id: row.id, isInvisible: row.is_invisible, status: row.status, accountUsable: row.account_usable, isFictional: row.is_fictional }
    : null;
}

/** Built once: asked before every send, like and profile view. */
const targetStatement = preparedStatement<
  { siteId: number; profileId: number },
  { id: number; is_invisible: boolean; status: string; account_usable: boolean; is_fictional: boolean }
>(
  (p) =>
    sql`select ${profiles.id}, ${profiles.isInvisible}, ${profiles.status}, ${profiles.accountUsable}, ${profiles.isFictional} from ${profiles}
      where ${profiles.id} = ${p.profileId} and ${profiles.siteId} = ${p.siteId} limit 1`,
);

/** May this member message or like the profile when it has not contacted them first? */
export async function mayContactFirst(
  db: Database,
  sources: ExistingContactSources,
  viewer: Viewer & { siteId: number },
  targetProfileId: number,
): Promise<boolean> {
  const target = await targetProfile(db, viewer.siteId, targetProfileId);
  if (!target) return false;
  return canContactFirst(await contactFacts(db, sources, viewer, target));
}
