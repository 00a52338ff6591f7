/**
 * The notifications feature's part of "Download my data" (issue 30): every preference with its
 * default filled in, the ones the member changed with when, and what they were mailed about.
 */
import { desc, eq } from 'drizzle-orm';
import { notificationPreferences, notificationTopics } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';
import { preferencesOf } from './preferences';

export const notificationsDataPart = dataExportPart('notifications', async ({ db }, userId) => {
  const [preferences, changed, mailed] = await Promise.all([
    preferencesOf(db, userId),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db.select().from(notificationTopics).where(eq(notificationTopics.userId, userId)).orderBy(desc(notificationTopics.mailedAt)),
  ]);
  return {
    preferences,
    changed: changed.map((row) => ({
      kind: row.kind,
      channel: row.channel,
      enabled: row.enabled,
      changed_at: row.updatedAt.toISOString(),
    })),
    mailed: mailed.map((row) => ({ topic: row.topic, mailed_at: row.mailedAt.toISOString() })),
  };
});
