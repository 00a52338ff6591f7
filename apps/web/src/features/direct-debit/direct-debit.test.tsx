import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { type TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { DIRECT_DEBIT_RESEND_SECONDS } from '@cupido/shared/contracts/direct-debit';
import { apiError, sentBodies, type StubAnswer } from '../../test/api-stub';
import { stubPaymentApi } from '../premium/test/payments-test-kit';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import DirectDebitPage from './direct-debit-page';
import { navigation } from './direct-debit-form';

const packages: TPackagesAnswer = {
  currency: 'EUR',
  payment_country: 'NL',
  payment_countries: ['NL', 'BE'],
  methods: ['ideal', 'sdd', 'sct', 'creditcard'],
  packages: [
    { id: 'p0', credits: 50, amount: 995, discounted_amount: 746, popular: false, price_per_message: 199, messages: 5 },
    { id: 'p1', credits: 120, amount: 1995, discounted_amount: 1496, popular: true, price_per_message: 125, messages: 12 },
    { id: 'p2', credits: 300, amount: 3995, discounted_amount: 2996, popular: false, price_per_message: 100, messages: 30 },
    { id: 'p3', credits: 800, amount: 8995, discounted_amount: 6746, popular: false, price_per_message: 85, messages: 80 },
  ],
  discount: { code: 'TIMEBONUS25', value_percentage: 25, source: 'time_bonus', expires: null },
  card_blocked: false,
  message_credits: 10,
};

const IBAN = 'NL91 ABNA 0417 1643 00';
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(byId(id), { target: { value } });

beforeEach(() => {
  // Fake timers for the resend pause, still moving with real time so the screens load on their own.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

/** Answers of the stubbed calls that their contract refuses (stubPaymentApi). */
let stubProblems: string[] = [];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  expect(stubProblems).toEqual([]);
  stubProblems = [];
});

function renderPage(directDebit: (body: Record<string, unknown>) => StubAnswer, route = '/directdebit?package=p1') {
  const { api, problems } = stubPaymentApi({
    'GET /api/credit-packages.php': { body: packages },
    'POST /api/directdebit.php': (body) => directDebit(body as Record<string, unknown>),
  });
  stubProblems = problems;
  const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
  renderWithProviders(<DirectDebitPage />, { user: makeUser(), route });
  return { api, assign, sent: () => sentBodies(api, 'POST /api/directdebit.php') as Record<string, unknown>[] };
}

async function fillDetails() {
  await screen.findByRole('heading', { name: 'Pay by direct debit' }, { timeout: 5_000 });
  await screen.findByLabelText('Account holder');
  type('dd-account-holder', 'Anna de Vries');
  type('dd-iban', IBAN);
  type('dd-street', 'Keizersgracht');
  type('dd-house-number', '12a');
  type('dd-zip', '1015 CS');
  type('dd-city', 'Amsterdam');
  type('dd-phone', '+31 6-12 34 56 78');
}

describe('the direct debit form', () => {
  it('shows the package with its discount and the SEPA mandate text naming the site and amount', async () => {
    renderPage(() => ({ body: { code_sent: true, phone_hint: '78' } }));
    const summary = await screen.findByRole('region', { name: 'Your order' }, { timeout: 5_000 });
    expect(summary.textContent).toContain('120 credits');
    expect(summary.textContent).toContain('€14.96');
    expect(within(summary).getByText('€19.95', { exact: false }).tagName).toBe('DEL');
    expect(
      screen.getByLabelText('I authorise Cupido Test to collect this amount (€14.96) from my account by SEPA direct debit.'),
    ).toBeTruthy();
    // The fictional-profile disclosure is repeated before paying (trust.md).
    expect(screen.getByRole('region', { name: 'Before you pay' }).textContent).toContain(
      'Some profiles on this site are fictional and are run by our staff.',
    );
    const withdrawal = screen.getByLabelText(/delivery of the credits starts at once/) as HTMLInputElement;
    expect(withdrawal.checked).toBe(false);
  });

  it('needs the authorization, checks the IBAN in the browser, and sends nothing until both are right', async () => {
    const { sent } = renderPage(() => ({ body: { code_sent: true, phone_hint: '78' } }));
    await fillDetails();
    type('dd-iban', 'NL91 ABNA 0417 1643 01');
    fireEvent.click(byId('dd-withdrawal'));
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));

    expect(await screen.findByText('This IBAN is not valid. Please check it.')).toBeTruthy();
    expect(screen.getByText('Please authorise the direct debit.')).toBeTruthy();
    expect(byId('dd-iban').getAttribute('aria-invalid')).toBe('true');
    expect(byId('dd-authorization').getAttribute('aria-describedby')).toBe('dd-authorization-error');
    // The first problem in form order gets the focus.
    expect(document.activeElement).toBe(byId('dd-iban'));
    expect(sent()).toEqual([]);
  });

  it('strips the phone, sends a code, shows "Code invalid" at the code, resends, and goes to the transaction page with the right code', async () => {
    const { sent, assign } = renderPage((body) => {
      if (body.otp === '111111') return apiError(422, 'code_invalid', 'Code invalid', 'otp');
      if (body.otp === '246810') return { body: { payment_id: 41, redirect_url: '/transactions/41' } };
      return { body: { code_sent: true, phone_hint: '5678' } };
    });
    await fillDetails();
    fireEvent.click(byId('dd-authorization'));
    fireEvent.click(byId('dd-withdrawal'));
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));

    expect((await screen.findByRole('status')).textContent).toBe('We sent a code by SMS to the number ending in …5678.');
    const [first] = sent();
    expect(first).toMatchObject({
      package_id: 'p1',
      country: 'NL',
      account_holder: 'Anna de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Keizersgracht',
      house_number: '12a',
      zip: '1015 CS',
      city: 'Amsterdam',
      phone: '+31612345678',
      authorization: true,
      withdrawal_consent: true,
    });
    expect(first).not.toHaveProperty('otp');
    expect(String(first!.idempotency_key)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    const code = screen.getByLabelText('Code from the SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // The details are kept as sent while the code is asked for.
    expect(byId('dd-iban').closest('fieldset')!.disabled).toBe(true);

    // An empty code is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay €14.96' }));
    expect(await screen.findByText('Enter the code from the SMS.')).toBeTruthy();
    expect(sent()).toHaveLength(1);

    type('dd-otp', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay €14.96' }));
    expect(await screen.findByText('Code invalid')).toBeTruthy();
    expect(byId('dd-otp').getAttribute('aria-describedby')).toBe('dd-otp-error');
    expect(document.getElementById('dd-otp-error')!.textContent).toBe('Code invalid');
    expect(assign).not.toHaveBeenCalled();

    // Resend waits for the server's pause, then asks for a new code with the same details.
    const resend = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    await advance(DIRECT_DEBIT_RESEND_SECONDS * 1000);
    expect(resend.disabled).toBe(false);
    fireEvent.click(resend);
    expect((await screen.findByText('A new code is on its way to the number ending in …5678.')).getAttribute('role')).toBe('status');
    expect(sent()[2]).toMatchObject({ resend: true, phone: '+31612345678' });
    expect(sent()[2]).not.toHaveProperty('otp');

    type('dd-otp', '246810');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay €14.96' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/transactions/41'));
    expect(sent()[3]).toMatchObject({ otp: '246810', phone: '+31612345678' });
    // One idempotency key for the whole form session.
    expect(new Set(sent().map((body) => body.idempotency_key)).size).toBe(1);
  });

  it("shows the server's refusal of the account (blocked, limit) above the button, in the member's language", async () => {
    renderPage(() => apiError(403, 'direct_debit_blocked', 'Your account is blocked for direct debit payments.'));
    await fillDetails();
    fireEvent.click(byId('dd-authorization'));
    fireEvent.click(byId('dd-withdrawal'));
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your account is blocked for direct debit payments.');
    expect(document.getElementById('dd-code-form')).toBeNull();
  });

  it('says so when the address names no package', async () => {
    renderPage(() => ({ body: {} }), '/directdebit?package=p9');
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('This package does not exist');
  });
});
