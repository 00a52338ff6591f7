import { z } from 'zod';
import { NOTIFICATIONS_DISABLED_REASONS } from '../rules/accounts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../rules/notifications';

/**
 * Notification preferences and unsubscribing (spec section 3, issue 30): the contracts of their
 * calls. The rules (defaults, marketing, quiet hours) are in shared/rules/notifications.ts.
 */

const ZChannels = z.object({ email: z.boolean(), push: z.boolean() });

/** GET and PUT /api/notification-settings.php. */
export const ZNotificationSettingsAnswer = z.object({
  preferences: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, ZChannels])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      typeof ZChannels
    >,
  ),
  notifications_disabled: z.array(z.enum(NOTIFICATIONS_DISABLED_REASONS)).meta({
    description:
      'Why no mail goes to the member at all: fbl (spam complaint), bounce (invalid address), listunsubscribe (unsubscribed in the mail app)',
  }),
});
export type TNotificationSettingsAnswer = z.infer<typeof ZNotificationSettingsAnswer>;

/** PUT /api/notification-settings.php: one switch, saved at once. */
export const ZNotificationPreferenceChange = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type TNotificationPreferenceChange = z.infer<typeof ZNotificationPreferenceChange>;

/** The signed token of an unsubscribe link: what it turns off, for whom, until when it works. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(300) });

export const ZUnsubscribeAnswer = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  email_enabled: z.boolean().meta({ description: 'Whether mails of this kind go to the member now' }),
  all_disabled: z.boolean().meta({ description: 'Whether the member unsubscribed from every mail' }),
  site: z.string(),
});
export type TUnsubscribeAnswer = z.infer<typeof ZUnsubscribeAnswer>;
