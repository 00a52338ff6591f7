/**
 * Web push in the worker (issue 30, decision 044): each push shows its notification and tells the
 * open pages; a click opens the screen it is about; a subscription the push service replaced is
 * stored again. Nothing here reads or fills the app shell's
 * caches (decision 041).
 */
import { readPushTargets } from '@cupido/shared/rules/push';
import { openFromNotification, pushPayload, renewSubscription, showPush } from './push-handlers';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('push', (event) => {
  // Our server sends only payloads of ZPushMessage; a garbled one shows nothing.
  const message = pushPayload(event.data);
  if (message) event.waitUntil(showPush(self, message));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const targets = readPushTargets(event.notification.data);
  if (targets) event.waitUntil(openFromNotification(self, targets));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  event.waitUntil(renewSubscription(self, { oldSubscription: change.oldSubscription, newSubscription: change.newSubscription }));
});
