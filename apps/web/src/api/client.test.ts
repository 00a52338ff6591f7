import { describe, expect, it, vi } from 'vitest';
import { MAX_REQUEST_RETRIES, retryDelayMs } from '@cupido/shared/rules/site-shell';
import { ApiError, buildUrl, createClient } from './client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(responses: (Response | Error)[]) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift() ?? json(500, {});
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async (_ms: number) => {});
  const onStart = vi.fn();
  const onEnd = vi.fn();
  const request = createClient({ fetch: fetch as typeof globalThis.fetch, sleep, hostname: () => 'date.example', onStart, onEnd });
  return { request, fetch, sleep, onStart, onEnd };
}

describe('api client', () => {
  it('always sends the domain param and keeps the caller query', async () => {
    const { request, fetch } = setup([json(200, { ok: 1 })]);
    await expect(request('/api/settings.php', { query: { locale: 'nl', country: 'BE' } })).resolves.toEqual({ ok: 1 });
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/settings.php');
    expect(url.searchParams.get('domain')).toBe('date.example');
    expect(url.searchParams.get('locale')).toBe('nl');
    expect(url.searchParams.get('country')).toBe('BE');
  });

  it('adds X-Request-Type: client only to user.php calls', async () => {
    const { request, fetch } = setup([json(200, {}), json(200, {}), json(200, {})]);
    await request('/api/user.php');
    await request('/api/user.php?push=1', { method: 'POST', body: {} });
    await request('/api/companyinfo.php');
    const header = (i: number) => (fetch.mock.calls[i]![1]!.headers as Record<string, string>)['X-Request-Type'];
    expect(header(0)).toBe('client');
    expect(header(1)).toBe('client');
    expect(header(2)).toBeUndefined();
  });

  it('retries 5xx and network failures up to 5 times with exponential delay, then throws', async () => {
    const { request, fetch, sleep } = setup([
      new TypeError('Failed to fetch'),
      ...Array.from({ length: 10 }, () => json(503, { error: { code: 'unavailable', message: 'Even geduld' } })),
    ]);
    const error = await request('/api/settings.php').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'unavailable', message: 'Even geduld' });
    expect(fetch).toHaveBeenCalledTimes(1 + MAX_REQUEST_RETRIES);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual(Array.from({ length: MAX_REQUEST_RETRIES }, (_, i) => retryDelayMs(i)));
  });

  it('succeeds when a retry succeeds', async () => {
    const { request, fetch } = setup([json(502, {}), json(200, { name: 'Site' })]);
    await expect(request('/api/settings.php')).resolves.toEqual({ name: 'Site' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([400, 403, 404, 422])('never retries a %i and carries the translated message', async (status) => {
    const { request, fetch, sleep } = setup([json(status, { error: { code: 'not_found', message: 'Pagina niet gevonden' } })]);
    await expect(request('/api/x.php')).rejects.toMatchObject({ status, code: 'not_found', message: 'Pagina niet gevonden' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('carries the form field and the called path of a refusal', async () => {
    const { request } = setup([json(409, { error: { code: 'email_exists', message: 'Bestaat al', field: 'email' } })]);
    const error = await request('/api/signup.php', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'email_exists', message: 'Bestaat al', field: 'email', path: '/api/signup.php' });
  });

  it('answers an account limit (429 with its own code) at once, but retries a generic 429', async () => {
    const blocked = setup([json(429, { error: { code: 'login_blocked', message: 'Blocked for 15 min.' } })]);
    await expect(blocked.request('/api/user.php', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'login_blocked' });
    expect(blocked.fetch).toHaveBeenCalledTimes(1);

    const busy = setup([json(429, { error: { code: 'too_many_requests', message: 'Wait' } }), json(200, { ok: true })]);
    await expect(busy.request('/api/x.php')).resolves.toEqual({ ok: true });
    expect(busy.fetch).toHaveBeenCalledTimes(2);
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    const { request } = setup([new Response('<html>', { status: 404, statusText: 'Not Found' })]);
    await expect(request('/api/x.php')).rejects.toMatchObject({ status: 404, code: 'http_error', message: 'Not Found' });
  });

  it('drives the loading bar once per request, also when it fails', async () => {
    const { request, onStart, onEnd } = setup([json(400, {})]);
    await request('/api/x.php').catch(() => {});
    expect(onStart).toHaveBeenCalledOnce();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('builds URLs keeping query params already in the path', () => {
    expect(buildUrl('/api/user.php?push=1', { a: 'b' }, 'h.example')).toBe('/api/user.php?push=1&domain=h.example&a=b');
  });
});
