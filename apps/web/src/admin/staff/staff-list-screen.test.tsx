/**
 * The staff screen (issue 13): the accounts with role change and disabling (never one's own), and
 * the create form checked before sending, with the server's refusal under its field. The network
 * is stubbed; stubbed answers are checked against the shared contracts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ROLE_PERMISSIONS, ZStaffMe } from '@cupido/shared/contracts/staff';
import {
  ZStaffAnswer,
  ZStaffCreateRequest,
  ZStaffListAnswer,
  ZStaffUpdateRequest,
  type TStaffMember,
} from '@cupido/shared/contracts/staff-access';
import { adminI18n } from '../i18n';
import { Component as StaffListScreen } from './staff-list-screen';

const member = (id: number, name: string, role: TStaffMember['role'], extra: Partial<TStaffMember> = {}): TStaffMember => ({
  id,
  email: `${name.toLowerCase()}@staff.example`,
  name,
  role,
  totp_set_up: true,
  disabled: false,
  created_at: '2026-05-04T09:00:00.000Z',
  ...extra,
});

function stub(handlers: Record<string, (body: unknown) => { status?: number; body: unknown }>, answers: Record<string, z.ZodType>) {
  const sent: { key: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ key, body });
    expect(handlers[key], `no stub for ${key}`).toBeDefined();
    const answer = handlers[key]!(body);
    const contract = (answer.status ?? 200) >= 400 ? ZApiError : answers[key.replace(/\/\d+$/, '/:id')]!;
    expect(contract.safeParse(answer.body).success, `stubbed answer of ${key}`).toBe(true);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const CONTRACTS = {
  'GET /admin/api/me': ZStaffMe,
  'GET /admin/api/staff': ZStaffListAnswer,
  'POST /admin/api/staff': ZStaffAnswer,
  'PATCH /admin/api/staff/:id': ZStaffAnswer,
};
const me = {
  staff: {
    id: 1,
    email: 'ada@staff.example',
    name: 'Ada',
    role: 'admin',
    permissions: [...ROLE_PERMISSIONS.admin],
    second_factor_done: true,
    totp_set_up: true,
  },
};

function renderScreen() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/staff', element: <StaffListScreen /> }], { initialEntries: ['/admin/staff'] });
  render(
    <I18nextProvider i18n={adminI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('staff screen', () => {
  it('lists the accounts, changes a role and disables another account, never one’s own', async () => {
    let staff = [member(1, 'Ada', 'admin'), member(2, 'Mo', 'moderator', { totp_set_up: false })];
    const sent = stub(
      {
        'GET /admin/api/me': () => ({ body: me }),
        'GET /admin/api/staff': () => ({ body: { staff } }),
        'PATCH /admin/api/staff/2': (body) => {
          staff = staff.map((s) => (s.id === 2 ? { ...s, ...(body as object) } : s));
          return { body: { staff: staff[1] } };
        },
      },
      CONTRACTS,
    );
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const user = userEvent.setup();
    renderScreen();

    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    const ada = within(table).getByRole('row', { name: /Ada/ });
    expect((within(ada).getByLabelText('Role of Ada') as HTMLSelectElement).disabled).toBe(true);
    expect(within(ada).queryByRole('button')).toBeNull();
    const mo = within(table).getByRole('row', { name: /Mo/ });
    expect(within(mo).getByRole('cell', { name: 'Not yet' })).toBeTruthy();

    await user.selectOptions(within(mo).getByLabelText('Role of Mo'), 'support');
    await waitFor(() => expect(sent.some((s) => s.key === 'PATCH /admin/api/staff/2')).toBe(true));
    expect(sent.find((s) => s.key === 'PATCH /admin/api/staff/2')!.body).toEqual({ role: 'support' });
    expect(ZStaffUpdateRequest.safeParse({ role: 'support' }).success).toBe(true);
    expect(await screen.findByText('Mo was updated.')).toBeTruthy();

    await user.click(within(mo).getByRole('button', { name: 'Disable Mo' }));
    await waitFor(() => expect(sent.filter((s) => s.key === 'PATCH /admin/api/staff/2').at(-1)!.body).toEqual({ disabled: true }));
    expect(await within(table).findByRole('button', { name: 'Enable Mo' })).toBeTruthy();
  });

  it('checks the new account before sending and shows a taken address under its field', async () => {
    const sent = stub(
      {
        'GET /admin/api/me': () => ({ body: me }),
        'GET /admin/api/staff': () => ({ body: { staff: [member(1, 'Ada', 'admin')] } }),
        'POST /admin/api/staff': () => ({
          status: 409,
          body: {
            error: { code: 'staff_email_taken', message: 'A staff account with this e-mail address already exists.', field: 'email' },
          },
        }),
      },
      CONTRACTS,
    );
    const user = userEvent.setup();
    renderScreen();
    const form = await screen.findByRole('form', { name: 'New staff member' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter a name.')).toBeTruthy();
    expect(within(form).getByText('The password needs at least 12 characters.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
    expect(sent.some((s) => s.key === 'POST /admin/api/staff')).toBe(false);

    await user.type(within(form).getByLabelText('Name'), 'Fin');
    await user.type(within(form).getByLabelText('E-mail address'), 'ada@staff.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'finance');
    await user.type(within(form).getByLabelText('Initial password'), 'a long enough password');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('A staff account with this e-mail address already exists.')).toBeTruthy();
    const request = sent.find((s) => s.key === 'POST /admin/api/staff')!.body;
    expect(ZStaffCreateRequest.safeParse(request).success).toBe(true);
    expect(request).toEqual({ name: 'Fin', email: 'ada@staff.example', role: 'finance', password: 'a long enough password' });
  });
});
