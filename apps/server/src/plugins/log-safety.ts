/**
 * What the logs may say about a failure (decision 023): enough to find the bug, nothing about the
 * member. An error is logged through a whitelist of its properties: a failed query's parameters
 * (drizzle puts them into the message: "Failed query: …\nparams: bob@example.com,…") and the
 * driver's `detail` ("Key (email)=(bob@example.com)", "Failing row contains (…)") are left out,
 * and any e-mail address left in a message or stack (SMTP refusals quote the recipient) is
 * replaced. Request bodies are never logged. Info lines that must name a recipient (a mail or an
 * SMS sent) name it masked: maskedEmail, maskedPhone.
 */
import type { FastifyServerOptions } from 'fastify';

const EMAIL_ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
/** drizzle: "\nparams: <values>" up to the stack's first frame (or the end of the message). */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

export function scrubText(text: string): string {
  return text.replace(QUERY_PARAMS, '\nparams: [left out]').replace(EMAIL_ADDRESS, '[e-mail]');
}

/**
 * A recipient's address in an info line (issue 27): its domain only, enough to tell one mail
 * provider's refusals from another's; the local part would name the member.
 */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '[e-mail]' : `***${address.slice(at).toLowerCase()}`;
}

/** A phone number in logs: enough to tell numbers apart, not enough to call one. */
export function maskedPhone(phone: string): string {
  return phone.length <= 5 ? '***' : `${phone.slice(0, 3)}***${phone.slice(-3)}`;
}

/** Properties of errors (pg's DatabaseError, AppError, Fastify's, nodemailer's) worth keeping. */
const SAFE_PROPERTIES = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column', 'responseCode', 'command'] as const;

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError;
  [property: string]: unknown;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)) };
  const safe: SafeError = { type: error.constructor?.name ?? error.name, message: scrubText(error.message) };
  if (error.stack) safe.stack = scrubText(error.stack);
  const record = error as unknown as Record<string, unknown>;
  for (const property of SAFE_PROPERTIES) {
    const value = record[property];
    if (typeof value === 'string' || typeof value === 'number') safe[property] = typeof value === 'string' ? scrubText(value) : value;
  }
  if (error.cause !== undefined && depth < 5) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** Fastify's logger options: the level, the safe error serializer, and a stream for tests. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const err = (error: Error) => {
    const safe = safeError(error);
    return { ...safe, stack: safe.stack ?? '' };
  };
  return { level, serializers: { err }, ...(stream ? { stream } : {}) };
}
