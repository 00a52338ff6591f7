/**
 * Rendering a back-office screen in a test: the back office's texts, a fresh query client and a
 * memory router at `path`, and a fetch that answers the admin calls from `handlers` (keyed
 * 'METHOD /admin/api/...'), recording what was sent. A call without a handler fails the test.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { adminI18n } from '../i18n';

export type AdminHandler = (body: unknown, url: URL) => { status?: number; body?: unknown };

export function stubAdminApi(handlers: Record<string, AdminHandler>) {
  const sent: { key: string; body: unknown; url: URL }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ key, body, url });
    const handler = handlers[key];
    expect(handler, `no stub for ${key}`).toBeDefined();
    const answer = handler!(body, url);
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { spy, sent };
}

export function renderAdminScreen(path: string, routes: { path: string; element: ReactElement }[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <I18nextProvider i18n={adminI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
