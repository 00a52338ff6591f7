import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPLAINT_TEXT_MAX } from '@cupido/shared/rules/complaints';
import { changeLocale } from '../../i18n/i18n';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import ComplaintsPage from './complaints-page';

const received = {
  reference: 'C-000123',
  message:
    'Thank you. We have received your complaint and will answer you by e-mail within 14 days. Please quote reference C-000123 when you write to us about it.',
};

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

async function renderPage(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const result = renderWithProviders(<ComplaintsPage />, { route: '/complaints', ...options });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
  return result;
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('/complaints', () => {
  it('explains how a complaint is handled and where reports and appeals go, with the ban policy and the support address linked', async () => {
    stubApi({});
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints' })).toBeTruthy();
    expect(screen.getByText(/You get a reference number straight away/)).toBeTruthy();
    expect(screen.getByText(/answer by e-mail within 14 days/)).toBeTruthy();
    const banLinks = screen.getAllByRole('link', { name: 'ban policy' });
    expect(banLinks.map((link) => link.getAttribute('href'))).toEqual(['/pages/ban', '/pages/ban']);
    expect(screen.getByText(/use the Report button next to it/)).toBeTruthy();
    expect(screen.getByText(/contact a data protection authority/)).toBeTruthy();
    expect(screen.getByText(/competent court/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@cupido.test' }).getAttribute('href')).toBe('mailto:support@cupido.test');
    await waitFor(() => expect(document.title).toBe('Complaints | Cupido Test'));

    const topic = screen.getByRole('combobox', { name: 'What is it about?' });
    expect(
      within(topic)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a topic…',
      'Billing and payments',
      'A profile or member',
      'Privacy and personal data',
      'The service',
      'Something else',
    ]);
    expect(screen.getByRole('textbox', { name: 'Your name (optional)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your e-mail address' })).toHaveProperty('value', '');
    expect(describedBy(screen.getByRole('textbox', { name: 'What happened?' }))).toBe(
      `Tell us what went wrong and what you would like us to do.${COMPLAINT_TEXT_MAX} characters left`,
    );
  });

  it('sends nothing while the form has problems: each shows under its field, and the first gets the focus', async () => {
    const api = stubApi({ 'POST /api/complaint.php': { body: received } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));

    const topic = screen.getByRole('combobox', { name: 'What is it about?' });
    const email = screen.getByRole('textbox', { name: 'Your e-mail address' });
    const text = screen.getByRole('textbox', { name: 'What happened?' });
    expect(document.activeElement).toBe(topic);
    for (const [field, message] of [
      [topic, 'Choose what your complaint is about'],
      [email, 'Enter a valid e-mail address'],
      [text, 'Please describe your complaint'],
    ] as const) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(field)).toContain(message);
    }
    expect(screen.getByRole('textbox', { name: 'Your name (optional)' }).getAttribute('aria-invalid')).toBeNull();

    // A problem goes as soon as the value is right.
    await user.type(text, 'Charged twice');
    expect(text.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(text)).toContain(`${COMPLAINT_TEXT_MAX - 'Charged twice'.length} characters left`);
    expect(sentBodies(api, 'POST /api/complaint.php')).toEqual([]);
  });

  it("a visitor's complaint is sent trimmed; the form gives way to the reference and the server's message, focused", async () => {
    const api = stubApi({ 'POST /api/complaint.php': { body: received } });
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'billing');
    await user.type(screen.getByRole('textbox', { name: 'Your name (optional)' }), ' Eva ');
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail address' }), 'eva@example.com');
    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), '  I was charged twice for one package.  ');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));

    const status = await screen.findByRole('status');
    expect(status.id).toBe('complaint-received');
    expect(document.activeElement).toBe(status);
    expect(within(status).getByText('Your reference number')).toBeTruthy();
    expect(within(status).getByText('C-000123').id).toBe('complaint-reference');
    expect(within(status).getByText(received.message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send complaint' })).toBeNull();
    expect(sentBodies(api, 'POST /api/complaint.php')).toEqual([
      { topic: 'billing', name: 'Eva', email: 'eva@example.com', text: 'I was charged twice for one package.' },
    ]);
  });

  it("starts a member's e-mail with the account's address, which they may empty (the server then uses it)", async () => {
    const api = stubApi({ 'POST /api/complaint.php': { body: received } });
    const user = userEvent.setup();
    await renderPage({ user: makeUser({ email: 'anna@example.com' }) });
    const email = screen.getByRole('textbox', { name: 'Your e-mail address' });
    expect(email).toHaveProperty('value', 'anna@example.com');
    expect(screen.getByRole('textbox', { name: 'Your name (optional)' })).toHaveProperty('value', '');
    expect(describedBy(email)).toBe('We send our answer to this address. If you leave it empty, we use the address of your account.');

    await user.clear(email);
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'privacy');
    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), 'Please delete my old photos.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    await screen.findByText('C-000123');
    expect(sentBodies(api, 'POST /api/complaint.php')).toEqual([
      { topic: 'privacy', name: '', email: '', text: 'Please delete my old photos.' },
    ]);
  });

  it("shows the server's refusal under the field it names until that field changes, and any other above the button", async () => {
    let answer = apiError(400, 'invalid_email', 'That address cannot receive mail', 'email');
    stubApi({ 'POST /api/complaint.php': () => answer });
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'service');
    const email = screen.getByRole('textbox', { name: 'Your e-mail address' });
    await user.type(email, 'eva@example.com');
    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), 'The site was down all evening.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toContain('That address cannot receive mail');
    expect(document.activeElement).toBe(email);
    await user.type(email, 'm');
    expect(email.getAttribute('aria-invalid')).toBeNull();

    answer = apiError(429, 'too_many_complaints', 'You have sent several complaints in a short time. Please try again in an hour.');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent several complaints in a short time. Please try again in an hour.',
    );
    expect(screen.getByRole('button', { name: 'Send complaint' })).toBeTruthy();
  });

  it('speaks the page language: the texts and the field problems in German', async () => {
    stubApi({});
    await changeLocale('de');
    const user = userEvent.setup();
    await renderPage({ locale: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Beschwerden' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sperrrichtlinie' })[0]!.getAttribute('href')).toBe('/pages/ban');
    await user.click(screen.getByRole('button', { name: 'Beschwerde senden' }));
    const text = screen.getByRole('textbox', { name: 'Was ist passiert?' });
    expect(describedBy(text)).toContain('Bitte beschreib deine Beschwerde');
    expect(describedBy(text)).toContain(`Noch ${COMPLAINT_TEXT_MAX} Zeichen`);
  });
});
