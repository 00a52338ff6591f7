/**
 * The push feature's part of "Download my data" (issue 30): the browsers that get the member's
 * pushes. The endpoint is a capability (with the keys, anyone could push to the browser), so the
 * file shows the push service and the address's last characters, enough to tell devices apart.
 */
import { dataExportPart } from '../personal-data/registry';
import { subscriptionsOf } from './subscriptions';

export function shortenedEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.origin}/…${endpoint.slice(-8)}`;
}

export const pushDevicesDataPart = dataExportPart('push_devices', async ({ db }, userId) =>
  (await subscriptionsOf(db, userId)).map((row) => ({
    endpoint: shortenedEndpoint(row.endpoint),
    subscribed_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_push_at: row.lastSuccessAt?.toISOString() ?? null,
  })),
);
