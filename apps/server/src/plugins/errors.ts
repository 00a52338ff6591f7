/**
 * Maps every failure to `{ error: { code, message } }` in the member's language with the right
 * status. 5xx details go to the log only, never to the client.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE } from '@cupido/shared/locales';
import { AppError } from '../errors';
import { translate } from '../i18n/translate';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  messageKey: string,
  params = {},
  field?: string,
) {
  const locale = request.locale ?? DEFAULT_LOCALE;
  const error = { code, message: translate(locale, messageKey, params), ...(field ? { field } : {}) };
  return reply.code(status).type('application/json; charset=utf-8').send({ error });
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return sendError(request, reply, error.status, error.code, error.messageKey, error.params, error.field);
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
        return sendError(request, reply, 400, 'invalid_request', 'errors.invalid_request');
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return sendError(request, reply, 413, 'payload_too_large', 'errors.payload_too_large');
      if (status === 429) return sendError(request, reply, 429, 'too_many_requests', 'errors.too_many_requests');
      if (status >= 400 && status < 500) return sendError(request, reply, status, 'invalid_request', 'errors.invalid_request');
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, 'internal_error', 'errors.generic');
    });
  },
  { name: 'errors' },
);
