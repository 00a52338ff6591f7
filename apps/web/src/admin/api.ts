/**
 * The back office's calls: JSON under ADMIN_API_PREFIX, with the staff cookie (Path=/admin, sent
 * by the browser on its own). A failure becomes an AdminApiError with the server's code, English
 * message and field, for forms to show next to the input.
 */
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export function adminUrl(path: string, query?: AdminRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${ADMIN_API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

/** Calls `ADMIN_API_PREFIX + path` and answers the parsed JSON (or the raw Response for `raw`, e.g. a CSV download). */
export async function adminFetch<T>(path: string, { method = 'GET', query, body }: AdminRequest = {}): Promise<T> {
  const response = await fetch(adminUrl(path, query), {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    let error: { code?: string; message?: string; field?: string } = {};
    try {
      error = ((await response.json()) as { error?: typeof error }).error ?? {};
    } catch {
      // Not JSON (a proxy's page): the status says enough.
    }
    throw new AdminApiError(
      response.status,
      error.code ?? 'http_error',
      error.message ?? `The server answered ${response.status}.`,
      error.field,
    );
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}
