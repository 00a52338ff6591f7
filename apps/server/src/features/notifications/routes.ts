/**
 * The notification calls (issue 30): a member's preferences in the settings screen, turning
 * mails on again after "unsubscribed in mail app", and the unsubscribe link of every
 * notification mail (RFC 8058 one-click POST, and the page a person opens).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import {
  ZNotificationPreferenceChange,
  ZNotificationSettingsAnswer,
  ZUnsubscribeAnswer,
  ZUnsubscribeQuery,
  type TNotificationSettingsAnswer,
} from '@cupido/shared/contracts/notifications';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import { disableNotifications, enableNotifications, recipientByUser } from '../accounts/for-notifications';
import type { DomainEvents } from '../../infra/domain-events';
import type { NotificationDeps } from './delivery';
import { changeMailState } from './mail-state';
import { preferencesOf, setPreference } from './preferences';
import { readUnsubscribeToken } from './unsubscribe-link';

async function settingsOf(db: Database, userId: number): Promise<TNotificationSettingsAnswer> {
  const [preferences, recipient] = await Promise.all([preferencesOf(db, userId), recipientByUser(db, userId)]);
  return { preferences, notifications_disabled: recipient?.notificationsDisabled ?? [] };
}

/** The one-click body is a form ('List-Unsubscribe=One-Click'); the page sends JSON. */
const ZUnsubscribeJson = z.object({ all: z.boolean().optional(), undo: z.boolean().optional() });

export const notificationRoutes: FastifyPluginAsyncZod<{ deps: NotificationDeps; events: DomainEvents }> = async (
  app,
  { deps, events },
) => {
  const changing = { db: deps.db, events };
  const tags = ['notifications'];
  // RFC 8058: the mail app posts 'List-Unsubscribe=One-Click' as a form (urlencoded or multipart).
  // Only these routes read such bodies, as text: the one-click POST needs nothing from them.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, { form: String(body) }));
  }

  app.get(
    '/api/notification-settings.php',
    {
      schema: {
        tags,
        summary: 'The member’s notification preferences per kind and channel (defaults included) and why no mail goes out at all, if so',
        response: { 200: ZNotificationSettingsAnswer, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      return settingsOf(deps.db, member.id);
    },
  );

  app.put(
    '/api/notification-settings.php',
    {
      schema: {
        tags,
        summary:
          'Turns one kind on or off for one channel, at once. Turning promotions or news on records the marketing consent; turning the last of them off withdraws it',
        body: ZNotificationPreferenceChange,
        response: { 200: ZNotificationSettingsAnswer, 400: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await setPreference(deps.db, { id: member.id, companyId: request.site.companyId }, request.body, deps.clock());
      return settingsOf(deps.db, member.id);
    },
  );

  app.post(
    '/api/notifications-enable.php',
    {
      schema: {
        tags,
        summary:
          'Mails on again after the member unsubscribed from all of them in a mail app or marked one as spam (notifications_disabled: listunsubscribe, fbl). A bounce stays until the address is confirmed again (POST /api/email.php with it)',
        response: { 200: ZNotificationSettingsAnswer, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      // Asking for mail again is a new opt-in, after an unsubscribe or a spam complaint alike. A bounced
      // address is different: mail to it fails whatever the member wants, until it is confirmed again.
      // The logged-in user carries notifications_disabled: cached lookups must not show the old list.
      await changeMailState(
        changing,
        async (tx) => {
          for (const reason of ['listunsubscribe', 'fbl'] as const) await enableNotifications(tx, member.id, reason);
        },
        () => [member.id],
      );
      return settingsOf(deps.db, member.id);
    },
  );

  app.get(
    '/api/unsubscribe.php',
    {
      schema: {
        tags,
        summary: 'A person opened the mail’s List-Unsubscribe address: the page that unsubscribes (GET changes nothing)',
        querystring: ZUnsubscribeQuery,
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.post(
    '/api/unsubscribe.php',
    {
      // The capability is the signed token, not a session: mail apps post from their own servers or pages.
      config: { foreignOriginAllowed: true },
      schema: {
        tags,
        summary:
          'RFC 8058 one-click unsubscribe: turns the token’s kind of mail off. JSON {all: true} unsubscribes from every mail (notifications_disabled: listunsubscribe); {undo: true} turns the kind on again. 400 unsubscribe_link_invalid, 410 unsubscribe_link_expired',
        querystring: ZUnsubscribeQuery,
        response: { 200: ZUnsubscribeAnswer, 400: ZApiError, 410: ZApiError },
      },
    },
    async (request) => {
      const reading = await readUnsubscribeToken(deps.db, request.query.token, deps.clock());
      if (reading === 'invalid') throw new AppError(400, 'unsubscribe_link_invalid', 'errors.unsubscribe_link_invalid');
      if (reading === 'expired') throw new AppError(410, 'unsubscribe_link_expired', 'errors.unsubscribe_link_expired');
      const recipient = await recipientByUser(deps.db, reading.userId);
      if (!recipient) throw new AppError(400, 'unsubscribe_link_invalid', 'errors.unsubscribe_link_invalid');
      const parsed = ZUnsubscribeJson.safeParse(request.body ?? {});
      const choice = parsed.success ? parsed.data : {};
      const site = await deps.sites.byId(recipient.siteId);
      const now = deps.clock();
      let disabled = recipient.notificationsDisabled;
      if (choice.all) {
        disabled = await changeMailState(
          changing,
          (tx) => disableNotifications(tx, recipient.userId, 'listunsubscribe'),
          () => [recipient.userId],
        );
      } else if (choice.undo) {
        await setPreference(
          deps.db,
          { id: recipient.userId, companyId: site?.companyId ?? request.site.companyId },
          { kind: reading.kind, channel: 'email', enabled: true },
          now,
        );
        disabled = await changeMailState(
          changing,
          (tx) => enableNotifications(tx, recipient.userId, 'listunsubscribe'),
          () => [recipient.userId],
        );
      } else {
        await setPreference(
          deps.db,
          { id: recipient.userId, companyId: site?.companyId ?? request.site.companyId },
          { kind: reading.kind, channel: 'email', enabled: false },
          now,
        );
      }
      const preferences = await preferencesOf(deps.db, recipient.userId);
      return {
        kind: reading.kind,
        email_enabled: preferences[reading.kind].email,
        all_disabled: disabled.includes('listunsubscribe'),
        site: site?.name ?? request.site.name,
      };
    },
  );
};
