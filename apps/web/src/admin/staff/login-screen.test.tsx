/**
 * The back office's login screen, step by step (issue 13): password, then TOTP setup with the
 * QR code, the key as text and the recovery codes shown once; or the code of a later login, with
 * the switch to a recovery code. The network is stubbed (the project's practice for web tests);
 * every stubbed answer is checked against the call's shared contract.
 */
import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZStaffMe } from '@cupido/shared/contracts/staff';
import {
  ZStaffLoginAnswer,
  ZStaffTotpConfirmAnswer,
  ZStaffTotpSetupAnswer,
  ZStaffTotpVerifyAnswer,
} from '@cupido/shared/contracts/staff-access';
import { adminI18n } from '../i18n';
import { Component as LoginScreen } from './login-screen';

const CONTRACTS: Record<string, z.ZodType> = {
  'GET /admin/api/me': ZStaffMe,
  'POST /admin/api/login': ZStaffLoginAnswer,
  'POST /admin/api/totp/setup': ZStaffTotpSetupAnswer,
  'POST /admin/api/totp/confirm': ZStaffTotpConfirmAnswer,
  'POST /admin/api/totp/verify': ZStaffTotpVerifyAnswer,
};

type Answer = { status?: number; body: unknown };

function stubStaffApi(handlers: Record<string, (body: unknown) => Answer>) {
  const sent: { key: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ key, body });
    const handler = handlers[key];
    expect(handler, `no stub for ${key}`).toBeDefined();
    const answer = handler!(body);
    const contract = (answer.status ?? 200) >= 400 ? ZApiError : CONTRACTS[key]!;
    expect(contract.safeParse(answer.body).success, `stubbed answer of ${key} breaks its contract`).toBe(true);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const error = (status: number, code: string, message: string, field?: string): Answer => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});
const noStaff = () => ({ body: { staff: null } });
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hjkm-npq${i}`);

function renderLogin(): ReactElement {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <LoginScreen /> },
      { path: '/admin', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/admin/login'] },
  );
  const ui = (
    <I18nextProvider i18n={adminI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
  render(ui);
  return ui;
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail address'), 'mia@staff.example');
  await user.type(screen.getByLabelText('Password'), 'a long staff password');
  await user.keyboard('{Enter}');
}

afterEach(() => vi.restoreAllMocks());

describe('staff login screen', () => {
  it('checks the fields before sending and shows a refused password next to the form', async () => {
    const sent = stubStaffApi({
      'GET /admin/api/me': noStaff,
      'POST /admin/api/login': () => error(401, 'staff_login_failed', 'The e-mail address or password is not correct.'),
    });
    const user = userEvent.setup();
    renderLogin();
    const email = await screen.findByLabelText('E-mail address');
    expect(document.activeElement).toBe(email);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((s) => s.key === 'POST /admin/api/login')).toBe(false);

    await passwordStep(user);
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail address or password is not correct.');
    expect(sent.find((s) => s.key === 'POST /admin/api/login')!.body).toEqual({
      email: 'mia@staff.example',
      password: 'a long staff password',
    });
  });

  it('sets TOTP up at the first login: QR code, key as text, a first code, then the recovery codes once', async () => {
    let confirmed = false;
    const sent = stubStaffApi({
      'GET /admin/api/me': () =>
        confirmed
          ? {
              body: {
                staff: {
                  id: 1,
                  email: 'mia@staff.example',
                  name: 'Mia',
                  role: 'moderator',
                  permissions: ['dashboard.view'],
                  second_factor_done: true,
                  totp_set_up: true,
                },
              },
            }
          : noStaff(),
      'POST /admin/api/login': () => ({ body: { next: 'totp_setup' } }),
      'POST /admin/api/totp/setup': () => ({
        body: {
          secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
          otpauth_uri: 'otpauth://totp/x?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
      'POST /admin/api/totp/confirm': (body) => {
        if ((body as { code: string }).code !== '246810') return error(401, 'staff_totp_invalid', 'This code is not correct.', 'code');
        confirmed = true;
        return { body: { recovery_codes: RECOVERY } };
      },
    });
    const user = userEvent.setup();
    renderLogin();
    await passwordStep(user);

    const heading = await screen.findByRole('heading', { name: 'Set up two-factor login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const qr = await screen.findByRole('img', { name: /QR code for your authenticator app/ });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('totp-secret').textContent).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');

    const code = screen.getByLabelText('Code from your authenticator app');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '111111{Enter}');
    expect(await screen.findByText('This code is not correct.')).toBeTruthy();
    expect(code.getAttribute('aria-describedby')).toContain('staff-login-code-error');

    await user.clear(code);
    await user.type(code, '246 810{Enter}');
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeTruthy();
    expect(sent.filter((s) => s.key === 'POST /admin/api/totp/confirm').at(-1)!.body).toEqual({ code: '246810' });
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list.textContent).toContain(RECOVERY[0]);
    // One setup request only, also with React's double effects.
    expect(sent.filter((s) => s.key === 'POST /admin/api/totp/setup')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('asks a later login for the code, or a recovery code after the switch', async () => {
    let attempts = 0;
    const sent = stubStaffApi({
      'GET /admin/api/me': noStaff,
      'POST /admin/api/login': () => ({ body: { next: 'totp' } }),
      'POST /admin/api/totp/verify': (body) => {
        attempts++;
        if ('code' in (body as object))
          return error(
            401,
            'staff_totp_code_used',
            'This code was already used. Wait for the next code in your authenticator app.',
            'code',
          );
        return { body: { ok: true, recovery_codes_left: 9 } };
      },
    });
    const user = userEvent.setup();
    renderLogin();
    await passwordStep(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor login' })).toBeTruthy();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '135790{Enter}');
    expect(await screen.findByText(/This code was already used/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = await screen.findByLabelText('Recovery code');
    expect(document.activeElement).toBe(recovery);
    await user.type(recovery, 'not a code{Enter}');
    expect(await screen.findByText(/Enter a recovery code as shown/)).toBeTruthy();
    await user.clear(recovery);
    await user.type(recovery, 'ABC3-DEFG-HJKM-NPQ3{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(attempts).toBe(2);
    expect(sent.filter((s) => s.key === 'POST /admin/api/totp/verify').at(-1)!.body).toEqual({ recovery_code: 'abc3-defg-hjkm-npq3' });
  });

  it('goes back to the password when the half-finished session ended', async () => {
    stubStaffApi({
      'GET /admin/api/me': noStaff,
      'POST /admin/api/login': () => ({ body: { next: 'totp' } }),
      'POST /admin/api/totp/verify': () => error(401, 'staff_authentication_required', 'Please log in to the back office.'),
    });
    const user = userEvent.setup();
    renderLogin();
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '135790{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('Your login took too long. Please log in again.');
    expect(screen.getByRole('heading', { name: 'Log in to the back office' })).toBeTruthy();
  });
});
