/** A member's browser subscribed to pushes through the API, as the web app does it (tests only). */
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { send } from '../../profiles/test/profiles-test-kit';
import type { LocalPushService, TestPushSubscription } from './local-push-service';

/** A new browser of the member (session `cookie`) on `domain`, subscribed at the local push service and stored by POST /api/user.php?push=1. */
export async function subscribedBrowser(
  t: TestApp,
  service: LocalPushService,
  domain: string,
  cookie: string,
): Promise<TestPushSubscription> {
  const subscription = service.subscribe();
  const response = await send(t, 'POST', `/api/user.php?push=1&domain=${domain}`, { subscription }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return subscription;
}
