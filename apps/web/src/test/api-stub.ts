import { vi } from 'vitest';
import { answerSchemaOf } from '@cupido/shared/contracts/api-answers';
import { ZApiError } from '@cupido/shared/contracts/contracts';

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
 * What went wrong with the API in the running test: a call no handler answers, or a stubbed
 * answer its contract refuses. setup.ts fails the test with these after it ran (an exception
 * inside fetch would only become the client's generic network error, and be retried).
 */
const stubProblems: string[] = [];

/** Checks a stubbed answer against the server's contract: the call's answer schema (API_ANSWERS) when it succeeds, ZApiError when it fails. */
function contractProblem(key: string, answer: StubAnswer): string | null {
  const status = answer.status ?? 200;
  const schema = status >= 400 ? ZApiError : answerSchemaOf(key);
  if (!schema)
    return `${key} has no answer contract: add it to API_ANSWERS (packages/shared/src/contracts/api-answers.ts) before stubbing it`;
  const result = schema.safeParse(answer.body ?? {});
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
  return `the stubbed ${status} answer of ${key} does not match its contract: ${issues}`;
}

/**
 * The query flags that make a call of its own on a path another call has (the server's
 * plugins/query-flag.ts): `POST /api/user.php?push=1` stores a push subscription, `POST
 * /api/user.php` logs in. Such a call is stubbed, answered and counted under its key with the flag.
 */
const QUERY_FLAGS = ['push'] as const;

/** 'METHOD /api/x.php', with `?<flag>=1` for a flagged call. */
function keyOf(method: string | undefined, url: URL): string {
  const flag = QUERY_FLAGS.find((name) => url.searchParams.get(name) === '1');
  return `${method ?? 'GET'} ${url.pathname}${flag ? `?${flag}=1` : ''}`;
}

/**
 * Answers for calls that decorate many screens and that a test of another feature need not stub:
 * promo tiles (none) and the partner redirect (none configured), as on a site that has neither
 * (the default, decision 051). A test's own handler for the call wins.
 */
const QUIET_DEFAULTS: Record<string, StubAnswer> = {
  'GET /api/promo-tiles.php': { body: { tiles: [] } },
  'GET /api/partner-redirect.php': apiError(404, 'not_found', 'Not found'),
};

/** The handlers of the running test (its last stubApi), until setup.ts ends the test. */
let handlers: Record<string, Handler> = {};

/**
 * Stubs fetch for the API: handlers keyed by 'METHOD /api/x.php' ('POST /api/user.php?push=1' for a
 * flagged call, see QUERY_FLAGS; a function handler also gets the
 * URL with its query). 'pending' never answers (a request in progress). Every answer is checked
 * against the server's contract for that call (API_ANSWERS, or ZApiError for a 4xx/5xx); an
 * answer that does not match, or a call without a handler, fails the test naming the call
 * (setup.ts). The spy records the calls (sentBodies, sentQueries).
 */
export function stubApi(stubs: Record<string, Handler>) {
  handlers = stubs;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(stubbedFetch);
}

/**
 * The fetch of every web test (setup.ts installs it; stubApi spies on it): it answers with the
 * running test's handlers, also while the test is torn down after its mocks were restored. A
 * call without a handler is recorded as a problem that fails the test and answered 418, a 4xx
 * the client does not retry: no test reaches the network, hangs, or passes on a call it did not expect.
 */
export async function stubbedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const key = keyOf(init?.method, url);
  const handler = handlers[key] ?? QUIET_DEFAULTS[key];
  if (handler === 'pending') return new Promise<Response>(() => {});
  if (handler === undefined) {
    stubProblems.push(`unstubbed call: ${key}`);
    return jsonResponse({ status: 418, body: { error: { code: 'unstubbed', message: `unstubbed call: ${key}` } } });
  }
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const answer = typeof handler === 'function' ? await handler(body, url) : handler;
  const problem = contractProblem(key, answer);
  if (problem) stubProblems.push(problem);
  return jsonResponse(answer);
}

/** Ends the test's API: its handlers are dropped, and its problems returned. */
export function endTestApi(): string[] {
  handlers = {};
  return stubProblems.splice(0);
}

function jsonResponse(answer: StubAnswer): Response {
  return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
}

/** The JSON bodies sent to one 'METHOD /api/x.php'. */
export function sentBodies(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => keyOf(init?.method, new URL(String(input), 'http://localhost')) === key)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** The query parameters of every call to one 'METHOD /api/x.php' (without the domain the client adds). */
export function sentQueries(fetchMock: ReturnType<typeof stubApi>, key: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method }))
    .filter(({ url, method }) => keyOf(method, url) === key)
    .map(({ url }) => {
      const query = Object.fromEntries(url.searchParams);
      delete query.domain;
      return query;
    });
}
