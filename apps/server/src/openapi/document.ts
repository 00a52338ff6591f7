/**
 * The committed OpenAPI document (docs/openapi.json, decision 020): the app's served
 * /api/openapi.json, written by `npm run openapi` and compared with the served one by a test, so
 * a change of a contract or a route shows in review and a stale file fails CI.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');

/** The document as the app serves it. */
export async function servedOpenApi(app: FastifyInstance): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The committed file's form: two-space JSON and a final newline, so diffs stay readable. */
export function formatOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
