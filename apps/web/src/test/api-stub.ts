import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
}
type Handler = StubAnswer | ((body: unknown, url: URL) => StubAnswer | Promise<StubAnswer>) | 'pending';

/** An error answer as the server sends it: `{ error: { code, message, field? } }`. */
export function apiError(status: number, code: string, message: string, field?: string): StubAnswer {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}

/**
 * Stubs fetch for the API: handlers keyed by 'METHOD /api/x.php' (a function handler also gets the
 * URL with its query). 'pending'
 * never answers (a request in progress). Unknown calls answer 418 (a 4xx, so the client does not retry).
 */
export function stubApi(handlers: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (handler === 'pending') return new Promise<Response>(() => {});
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = handler === undefined ? { status: 418, body: { error: { code: 'unstubbed', message: key } } } : typeof handler === 'function' ? await handler(body, url) : handler;
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
}

/** The JSON bodies sent to one 'METHOD /api/x.php'. */
export function sentBodies(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** The query parameters of every call to one 'METHOD /api/x.php' (without the domain the client adds). */
export function sentQueries(fetchMock: ReturnType<typeof stubApi>, key: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => `${method} ${url.pathname}` === key)
    .map(({ url }) => {
      const query = Object.fromEntries(url.searchParams);
      delete query.domain;
      return query;
    });
}
