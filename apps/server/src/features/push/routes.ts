/**
 * `POST /api/user.php?push=1` (spec section 7, issue 30): the logged-in member's browser sends
 * its push subscription, or takes it back. The flag routes it here rather than to the login of
 * `POST /api/user.php` (plugins/query-flag.ts). Every refusal of the subscription, whatever its
 * fault, is the same clear 400 in the member's language, and stores nothing.
 */
import { createPublicKey } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import {
  INVALID_PUSH_SUBSCRIPTION,
  ZPushSubscriptionAnswer,
  ZPushSubscriptionRequest,
  type TPushSubscription,
} from '@cupido/shared/contracts/push';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { addQueryFlagConstraint, QUERY_FLAG } from '../../plugins/query-flag';
import { endpointAllowed } from './endpoint-guard';
import { removeSubscription, saveSubscription } from './subscriptions';

const invalidSubscription = () => new AppError(400, INVALID_PUSH_SUBSCRIPTION, `errors.${INVALID_PUSH_SUBSCRIPTION}`, {}, 'subscription');

/** Whether p256dh is a point on P-256 (the contract checked its form; a point off the curve encrypts to nobody). */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    createPublicKey({ key: jwk, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

export interface PushRouteDeps {
  db: Database;
  clock: Clock;
  /** Production stores only https endpoints on public hosts (endpoint-guard.ts). */
  production: boolean;
}

export const pushRoutes: FastifyPluginAsyncZod<{ deps: PushRouteDeps }> = async (app, { deps }) => {
  addQueryFlagConstraint(app);

  app.post(
    '/api/user.php',
    {
      constraints: { [QUERY_FLAG]: 'push' },
      // Any fault of the body is answered with the subscription's own message (below).
      attachValidation: true,
      schema: {
        tags: ['push'],
        summary:
          'Stores this browser’s push subscription for the logged-in member ({subscription}: PushSubscription.toJSON()), or removes it ({subscription: null, endpoint}). 400 invalid_push_subscription when the subscription is not a valid one (https endpoint, 65-byte P-256 p256dh, 16-byte auth), 403 for visitors',
        body: ZPushSubscriptionRequest,
        response: { 200: ZPushSubscriptionAnswer, 400: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      if (request.validationError) throw invalidSubscription();
      const { subscription, endpoint } = request.body;
      if (subscription === null) {
        if (!endpoint) throw invalidSubscription();
        await removeSubscription(deps.db, member.id, endpoint);
        return { subscribed: false };
      }
      if (!acceptable(subscription, deps.production)) throw invalidSubscription();
      await saveSubscription(deps.db, member.id, subscription, deps.clock());
      return { subscribed: true };
    },
  );
};

function acceptable(subscription: TPushSubscription, production: boolean): boolean {
  return endpointAllowed(subscription.endpoint, production) && isP256Point(subscription.keys.p256dh);
}
