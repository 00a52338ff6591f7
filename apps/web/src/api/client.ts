import { MAX_REQUEST_RETRIES, retryDelayMs, shouldRetryStatus } from '@cupido/shared/rules/site-shell';
import { loadingTracker } from '../platform/loading-tracker';

/**
 * An answer the server refused, carrying its stable code, its translated message, the form
 * field the message belongs to (when the server names one) and the path that was called.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly path: string | undefined;
  constructor(status: number, code: string, message: string, field?: string, path?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.path = path;
  }
}

export interface ClientDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  hostname: () => string;
  onStart: () => void;
  onEnd: () => void;
}

const defaultDeps: ClientDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  hostname: () => window.location.hostname,
  onStart: () => loadingTracker.start(),
  onEnd: () => loadingTracker.end(),
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string>;
  body?: unknown;
}

/** Builds `/api/x.php?domain=<host>&...`; the caller's own `domain` wins (tests, landers). */
export function buildUrl(path: string, query: Record<string, string> | undefined, hostname: string): string {
  const url = new URL(path, 'http://placeholder');
  const params = new URLSearchParams(url.search);
  params.set('domain', hostname);
  for (const [key, value] of Object.entries(query ?? {})) params.set(key, value);
  return `${url.pathname}?${params.toString()}`;
}

/** The ApiError of a failed answer: the server's code, translated message and field when it sent them. */
export async function toApiError(response: Response, path: string): Promise<ApiError> {
  let code = 'http_error';
  let message = response.statusText || `HTTP ${response.status}`;
  let field: string | undefined;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown; field?: unknown } };
    if (typeof body?.error?.code === 'string') code = body.error.code;
    if (typeof body?.error?.message === 'string') message = body.error.message;
    if (typeof body?.error?.field === 'string') field = body.error.field;
  } catch {
    // Not JSON (a proxy page, an empty body): keep the HTTP status text.
  }
  return new ApiError(response.status, code, message, field, path);
}

/** Codes of a generic, transient 429 (a proxy, the global limiter) that a later try may pass. */
const TRANSIENT_429_CODES = new Set(['http_error', 'too_many_requests']);

/**
 * A 429 that names an account limit (login_blocked, too_many_reset_mails...) is an answer, not a
 * hiccup: retrying only delays the message by seconds and counts as further attempts.
 */
function isRetryable(status: number | null, failure: ApiError): boolean {
  if (status === 429 && !TRANSIENT_429_CODES.has(failure.code)) return false;
  return shouldRetryStatus(status);
}

/**
 * The client every call goes through: domain param, user.php header, retries with exponential
 * delay (never for 4xx), the global loading bar, and ApiError with the server's message.
 */
export function createClient(overrides: Partial<ClientDeps> = {}) {
  const deps: ClientDeps = { ...defaultDeps, ...overrides };

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(path, options.query, deps.hostname());
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (path.includes('user.php')) headers['X-Request-Type'] = 'client';
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    };

    deps.onStart();
    try {
      for (let attempt = 0; ; attempt++) {
        let response: Response | null = null;
        let failure: ApiError;
        try {
          response = await deps.fetch(url, init);
        } catch (error) {
          response = null;
          failure = new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error), undefined, path);
        }
        if (response) {
          if (response.ok) {
            if (response.status === 204) return undefined as T;
            return (await response.json()) as T;
          }
          failure = await toApiError(response, path);
        }
        if (attempt >= MAX_REQUEST_RETRIES || !isRetryable(response ? response.status : null, failure!)) throw failure!;
        await deps.sleep(retryDelayMs(attempt));
      }
    } finally {
      deps.onEnd();
    }
  };
}

export const request = createClient();

export async function apiGet<T>(path: string, query?: Record<string, string>): Promise<T> {
  return request<T>(path, { query });
}

export async function apiPost<T>(path: string, body: unknown = {}): Promise<T> {
  return request<T>(path, { method: 'POST', body });
}
