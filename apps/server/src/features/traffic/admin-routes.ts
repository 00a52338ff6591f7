/**
 * The traffic figures in the back office (issue 31, 'dashboard.view' as the dashboard's figures):
 *   GET /admin/api/traffic      the period's figures grouped by day, site, landing page, network or sub1, with per-day series
 *   GET /admin/api/traffic.csv  the same groups as a CSV download (RFC 4180, formula-safe)
 * Both read only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { TRAFFIC_COUNTS, TRAFFIC_CSV_MAX_ROWS, ZTrafficAnswer, ZTrafficQuery } from '@cupido/shared/contracts/traffic-figures';
import type { BackOfficeDeps } from '../../back-office-deps';
import { csvLine } from '../audit/csv';
import { trafficFigures, trafficRows } from './figures';

const tags = ['back office: traffic figures'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export const trafficFigureRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  app.get(
    `${ADMIN_API_PREFIX}/traffic`,
    {
      config: { staffAccess: 'dashboard.view' },
      schema: {
        tags,
        summary:
          'Visits, bounces, signups, activations, buyers and revenue of a period, grouped by day, site, landing page, network or sub1 (UTC days)',
        querystring: ZTrafficQuery,
        response: { 200: ZTrafficAnswer, ...errors },
      },
    },
    async (request) => trafficFigures(deps.db, request.query, deps.clock()),
  );

  app.get(
    `${ADMIN_API_PREFIX}/traffic.csv`,
    {
      config: { staffAccess: 'dashboard.view' },
      schema: {
        tags,
        summary: `The same groups as CSV (RFC 4180, UTF-8, at most ${TRAFFIC_CSV_MAX_ROWS} rows; revenue in minor units, one column per currency)`,
        querystring: ZTrafficQuery,
        produces: ['text/csv'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { range, rows } = await trafficRows(deps.db, query, deps.clock(), TRAFFIC_CSV_MAX_ROWS);
      const currencies = [...new Set(rows.flatMap((row) => row.revenue.map((r) => r.currency)))].sort();
      const header = [
        query.group_by,
        ...(query.group_by === 'site' ? ['site_name'] : []),
        ...TRAFFIC_COUNTS,
        ...currencies.map((c) => `revenue_minor_${c}`),
      ];
      const lines = [csvLine(header)];
      for (const row of rows) {
        const amounts = new Map(row.revenue.map((r) => [r.currency, r.amount_minor]));
        lines.push(
          csvLine([
            row.key,
            ...(query.group_by === 'site' ? [row.label] : []),
            ...TRAFFIC_COUNTS.map((name) => row[name]),
            ...currencies.map((c) => amounts.get(c) ?? 0),
          ]),
        );
      }
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="traffic-${query.group_by}-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(lines.join(''));
    },
  );
};
