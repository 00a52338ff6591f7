/**
 * The audit log in the back office (issue 13, 'audit.view'):
 *   GET /admin/api/audit      one page, newest first; `before` = the previous page's next_before
 *   GET /admin/api/audit.csv  the same filters as a CSV download (at most AUDIT_CSV_MAX_ROWS rows)
 * Both read only; the log itself is append-only (migration 0010's trigger).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_MAX_ROWS, AUDIT_PAGE_SIZE, ZAuditPage, ZAuditQuery } from '@cupido/shared/contracts/audit';
import type { BackOfficeDeps } from '../../back-office-deps';
import { auditPage, auditRows, cursorOf, toAuditEntry } from './queries';
import { csvLine } from './csv';

const tags = ['back office: audit log'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

export const auditRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  app.get(
    `${ADMIN_API_PREFIX}/audit`,
    {
      config: { staffAccess: 'audit.view' },
      schema: {
        tags,
        summary: 'Staff actions, newest first, filtered by staff member, item and time',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, ...errors },
      },
    },
    async (request) => {
      const { rows, more } = await auditPage(deps.db, request.query, AUDIT_PAGE_SIZE);
      return { entries: rows.map(toAuditEntry), next_before: more ? cursorOf(rows[rows.length - 1]!) : null };
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/audit.csv`,
    {
      config: { staffAccess: 'audit.view' },
      schema: {
        tags,
        summary: `The filtered audit log as CSV (RFC 4180, UTF-8, newest first, at most ${AUDIT_CSV_MAX_ROWS} rows; before and after as JSON text)`,
        querystring: ZAuditQuery.omit({ before: true }),
        produces: ['text/csv'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const day = deps.clock().toISOString().slice(0, 10);
      async function* lines() {
        yield csvLine([...AUDIT_CSV_COLUMNS]);
        for await (const row of auditRows(deps.db, filters, AUDIT_CSV_MAX_ROWS)) {
          const entry = toAuditEntry(row);
          yield csvLine(AUDIT_CSV_COLUMNS.map((column) => entry[column]));
        }
      }
      reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store');
      // Streamed in keyset batches: the export never holds the whole log in memory.
      return reply.send(Readable.from(lines()));
    },
  );
};
