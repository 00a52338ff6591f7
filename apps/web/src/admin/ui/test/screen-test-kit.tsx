/**
 * Rendering a back-office screen in a test: the back office's texts, a fresh query client, a
 * memory router at `path`, and fetch answering the admin calls from `handlers` (keyed
 * 'METHOD /admin/api/...'), recording what was sent. An unexpected call fails.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { adminI18n } from '../../i18n';

export type Handler = (request: { url: URL; body: unknown; init: RequestInit | undefined }) => { status?: number; body?: unknown };

export function stubAdmin(handlers: Record<string, Handler>) {
  const sent: { key: string; url: URL; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    sent.push({ key, url, body });
    const handler = handlers[key];
    expect(handler, `no stub for ${key}`).toBeDefined();
    const answer = handler!({ url, body, init });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

export function renderScreen(path: string, routes: { path: string; element: ReactElement }[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={adminI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router };
}
