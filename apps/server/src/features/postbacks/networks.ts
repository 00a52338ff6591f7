/**
 * A site's affiliate networks in the back office (decision 050): list, create, change and delete,
 * each change in one transaction with its audit entry. A template must be https to a public host
 * with known placeholders only (shared/rules/postbacks.ts); a name that resolves to a private address now
 * is refused too. Only a demo's server takes its local http://127.0.0.1:<port> double.
 */
import { asc, eq } from 'drizzle-orm';
import {
  POSTBACK_NETWORK_MAX,
  POSTBACK_PLACEHOLDERS,
  postbackTemplateProblem,
  unknownPostbackPlaceholders,
} from '@cupido/shared/rules/postbacks';
import type { TPostbackNetwork, TPostbackNetworkChange, TPostbackNetworkCreate } from '@cupido/shared/contracts/postbacks';
import type { Database } from '../../db/open';
import { postbackNetworks } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordStaffAction } from '../audit/service';
import { listSites } from '../sites/admin-service';
import { resolvesToPrivateAddress } from './outbound';

export interface PostbackAdminDeps {
  db: Database;
  clock: Clock;
  /** A demo's or test's server: its local http://127.0.0.1:<port> double is accepted (run-mode.ts). */
  allowLoopbackDouble: boolean;
}

const staffError = (status: number, code: string, field?: string, params: Record<string, string | number> = {}) =>
  new AppError(status, code, `staff.postbacks.errors.${code}`, params, field);

type NetworkRow = typeof postbackNetworks.$inferSelect;

/** PostgreSQL's unique_violation, as both drivers report it (drizzle wraps it in `cause`): the site has a network of that name. */
const isUniqueViolation = (error: unknown) => {
  const err = error as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export function toNetworkView(row: NetworkRow): TPostbackNetwork {
  return {
    id: row.id,
    site_id: row.siteId,
    network: row.network,
    url_template: row.urlTemplate,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a network: all of it (no personal data in a network). */
const audited = (row: NetworkRow) => ({
  network: row.network,
  url_template: row.urlTemplate,
  enabled: row.enabled,
});

export async function listNetworks(db: Database, siteId: number | undefined): Promise<TPostbackNetwork[]> {
  const rows = await db
    .select()
    .from(postbackNetworks)
    .where(siteId === undefined ? undefined : eq(postbackNetworks.siteId, siteId))
    .orderBy(asc(postbackNetworks.siteId), asc(postbackNetworks.network));
  return rows.map(toNetworkView);
}

/** The change trimmed and checked, field by field; the template's host looked up last. */
async function checkedChange(deps: PostbackAdminDeps, input: TPostbackNetworkChange): Promise<TPostbackNetworkChange> {
  const network = input.network.trim();
  if (!network) throw staffError(400, 'postback_network_required', 'network');
  if (network.length > POSTBACK_NETWORK_MAX)
    throw staffError(400, 'postback_network_too_long', 'network', {
      max: POSTBACK_NETWORK_MAX,
    });
  const template = input.url_template.trim();
  const problem = postbackTemplateProblem(template, {
    allowLoopbackDouble: deps.allowLoopbackDouble,
  });
  if (problem === 'postback_template_unknown_placeholder') {
    const names = unknownPostbackPlaceholders(template).map((name) => (name.length === 1 ? name : `{${name}}`));
    throw staffError(400, problem, 'url_template', {
      names: names.join(', '),
      known: POSTBACK_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
    });
  }
  if (problem) throw staffError(400, problem, 'url_template');
  const { hostname } = new URL(template.replace(/\{[^{}]*\}/g, 'x'));
  const literal = /^[\d.]+$|^\[/.test(hostname);
  if (!literal && (await resolvesToPrivateAddress(hostname))) throw staffError(400, 'postback_template_private_host', 'url_template');
  return { network, url_template: template, enabled: input.enabled };
}

export async function createNetwork(deps: PostbackAdminDeps, staffId: number, input: TPostbackNetworkCreate): Promise<TPostbackNetwork> {
  const change = await checkedChange(deps, input);
  if (!(await listSites(deps.db)).some((site) => site.id === input.site_id)) throw staffError(404, 'postback_site_not_found', 'site_id');
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(postbackNetworks)
        .values({
          siteId: input.site_id,
          network: change.network,
          urlTemplate: change.url_template,
          enabled: change.enabled,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordStaffAction(
        tx,
        {
          staffId,
          action: 'postback_network.create',
          itemType: 'postback_network',
          itemId: row!.id,
          siteId: row!.siteId,
          after: audited(row!),
        },
        now,
      );
      return toNetworkView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw staffError(409, 'postback_network_taken', 'network');
    throw error;
  }
}

export async function updateNetwork(
  deps: PostbackAdminDeps,
  staffId: number,
  id: number,
  input: TPostbackNetworkChange,
): Promise<TPostbackNetwork> {
  const change = await checkedChange(deps, input);
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(postbackNetworks).where(eq(postbackNetworks.id, id)).for('update');
      if (!before) throw staffError(404, 'postback_network_not_found');
      const [row] = await tx
        .update(postbackNetworks)
        .set({
          network: change.network,
          urlTemplate: change.url_template,
          enabled: change.enabled,
          updatedAt: now,
        })
        .where(eq(postbackNetworks.id, id))
        .returning();
      await recordStaffAction(
        tx,
        {
          staffId,
          action: 'postback_network.update',
          itemType: 'postback_network',
          itemId: id,
          siteId: before.siteId,
          before: audited(before),
          after: audited(row!),
        },
        now,
      );
      return toNetworkView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw staffError(409, 'postback_network_taken', 'network');
    throw error;
  }
}

/** Deletes the network with its subjects and its call log (the foreign keys cascade). */
export async function deleteNetwork(deps: PostbackAdminDeps, staffId: number, id: number): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(postbackNetworks).where(eq(postbackNetworks.id, id)).returning();
    if (!row) throw staffError(404, 'postback_network_not_found');
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'postback_network.delete',
        itemType: 'postback_network',
        itemId: id,
        siteId: row.siteId,
        before: audited(row),
      },
      now,
    );
  });
}
