/**
 * Finance in the back office (issue 14, decision 032). Payments, refunds and revenue need
 * 'payments.manage' (finance and admin): revenue is money, so it is finance's too, while the
 * dashboard shows its own daily sum to 'dashboard.view'. Purchase blocks live on the members desk
 * and need 'members.manage': support lifts the card block after a chargeback.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import {
  ZFinanceSiteChoices,
  ZLiftPurchaseBlockRequest,
  ZPaymentDetail,
  ZPaymentListAnswer,
  ZPaymentListQuery,
  ZPurchaseBlockAnswer,
  ZPurchaseBlockParams,
  ZPurchaseBlockRequest,
  ZRefundAnswer,
  ZRefundRequest,
  ZRevenueAnswer,
  ZRevenueQuery,
} from '@cupido/shared/contracts/finance';
import type { PaymentDeps } from '../deps';
import { listPayments, paymentDetail, revenue } from './queries';
import { siteChoices } from '../../sites/for-back-office';
import { refundPayment } from './refunds';
import { blockPurchases, liftPurchaseBlock } from './blocks';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

export const financeRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  const manage = { staffAccess: 'payments.manage' as const };
  const tags = ['back office: finance'];

  app.get(
    `${ADMIN_API_PREFIX}/payments`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Payments, newest first, by site, status, member and period (keyset paging)',
        querystring: ZPaymentListQuery,
        response: { 200: ZPaymentListAnswer, ...errors },
      },
    },
    async (request) => listPayments(deps.db, request.query),
  );

  // The screens' site filter, for finance (who need not have 'sites.edit').
  app.get(
    `${ADMIN_API_PREFIX}/payments/site-choices`,
    {
      config: manage,
      schema: { tags, summary: 'The sites to filter payments and revenue by', response: { 200: ZFinanceSiteChoices, ...errors } },
    },
    async () => ({ sites: (await siteChoices(deps.db)).map(({ id, name, domain }) => ({ id, name, domain })) }),
  );

  app.get(
    `${ADMIN_API_PREFIX}/payments/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'One payment with its refunds, chargeback and credits',
        params: ZIdParams,
        response: { 200: ZPaymentDetail, ...errors },
      },
    },
    async (request) => paymentDetail(deps.db, request.params.id),
  );

  app.post(
    `${ADMIN_API_PREFIX}/payments/:id/refunds`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Refund part or all of a paid payment (unspent credits are taken back; the same key refunds once)',
        params: ZIdParams,
        body: ZRefundRequest,
        response: { 200: ZRefundAnswer, ...errors, 502: ZApiError },
      },
    },
    async (request) => refundPayment(deps, request.requireStaff().id, request.params.id, request.body),
  );

  app.get(
    `${ADMIN_API_PREFIX}/revenue`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Paid, refunded and net per UTC day, site and currency',
        querystring: ZRevenueQuery,
        response: { 200: ZRevenueAnswer, ...errors },
      },
    },
    async (request) => revenue(deps.db, request.query, deps.clock()),
  );

  const members = ['back office: members'];
  app.post(
    `${ADMIN_API_PREFIX}/members/:id/purchase-blocks`,
    {
      config: { staffAccess: 'members.manage' },
      schema: {
        tags: members,
        summary: "Block the member's card or direct debit purchases",
        params: ZIdParams,
        body: ZPurchaseBlockRequest,
        response: { 200: ZPurchaseBlockAnswer, ...errors },
      },
    },
    async (request) => blockPurchases(deps, request.requireStaff().id, request.params.id, request.body.kind),
  );

  app.post(
    `${ADMIN_API_PREFIX}/members/:id/purchase-blocks/:kind/lift`,
    {
      config: { staffAccess: 'members.manage' },
      schema: {
        tags: members,
        summary: 'Lift an open purchase block (the card block after a chargeback)',
        params: ZPurchaseBlockParams,
        body: ZLiftPurchaseBlockRequest,
        response: { 200: ZPurchaseBlockAnswer, ...errors },
      },
    },
    async (request) => liftPurchaseBlock(deps, request.requireStaff().id, request.params.id, request.params.kind, request.body.reason),
  );
};
