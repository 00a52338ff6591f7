/**
 * Maps every failure to `{ error: { code, message } }` in the member's language with the right
 * status. 5xx details go to the log only, never to the client.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE } from '@cupido/shared/rules/locales';
import { INVALID_CHARACTERS } from '@cupido/shared/contracts/input';
import { INVALID_DATE } from '@cupido/shared/contracts/back-office-dates';
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

/** Validation codes with a message of their own, and its key; any other refusal of a contract is invalid_request. */
const OWN_VALIDATION_MESSAGES = new Map<string, string>([
  [INVALID_CHARACTERS, `errors.${INVALID_CHARACTERS}`],
  // Only the back office's filters take these dates: their text is the back office's (English).
  [INVALID_DATE, `staff.errors.${INVALID_DATE}`],
]);

/**
 * A request the contract refused: the first problem decides the code, and a body field is named so
 * the form can show the message under it. The refused value itself is never logged.
 */
function validationError(error: FastifyError): { code: string; messageKey: string; field?: string } {
  const first = error.validation?.[0] as { instancePath?: string; params?: { params?: { code?: unknown } } } | undefined;
  const custom = first?.params?.params?.code;
  const code = typeof custom === 'string' && OWN_VALIDATION_MESSAGES.has(custom) ? custom : 'invalid_request';
  const messageKey = OWN_VALIDATION_MESSAGES.get(code) ?? 'errors.invalid_request';
  const field = error.validationContext === 'body' ? first?.instancePath?.split('/')[1] : undefined;
  return field ? { code, messageKey, field } : { code, messageKey };
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return sendError(request, reply, error.status, error.code, error.messageKey, error.params, error.field);
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
        const { code, messageKey, field } = validationError(error);
        return sendError(request, reply, 400, code, messageKey, {}, field);
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return sendError(request, reply, 413, 'payload_too_large', 'errors.payload_too_large');
      if (status === 429) return sendError(request, reply, 429, 'too_many_requests', 'errors.too_many_requests');
      if (status >= 400 && status < 500) return sendError(request, reply, status, 'invalid_request', 'errors.invalid_request');
      // The route's pattern, never its URL (links carry tokens) nor its body (personal data);
      // the error goes through the safe serializer of log-safety.ts.
      request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, 'request failed');
      return sendError(request, reply, 500, 'internal_error', 'errors.generic');
    });
  },
  { name: 'errors' },
);
