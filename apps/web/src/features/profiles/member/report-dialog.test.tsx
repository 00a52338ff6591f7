import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import { AccountsTexts } from '../../accounts/accounts-texts';
import { ProfilesTexts } from '../profiles-texts';
import { ReportButton } from './report-button';

const RECEIVED = { body: { report_id: 7, status: 'open', message: 'Thanks, we received your report and will review it.' } };

/** The Report button of Bram's profile (42), with the texts the profile page loads. */
function renderReportButton(locale: 'en' | 'de' = 'en') {
  renderWithProviders(
    <AccountsTexts>
      <ProfilesTexts>
        <ReportButton profileId={42} name="Bram" />
      </ProfilesTexts>
    </AccountsTexts>,
    { user: makeUser(), locale },
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, button = 'Report', title = 'Report Bram') {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('report dialog (the form kit with the report contract)', () => {
  it('focuses the first problem of a refused report, and drops each problem as soon as it is fixed', async () => {
    const fetch = stubApi({ 'POST /api/report.php': RECEIVED });
    const user = userEvent.setup();
    renderReportButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(document.activeElement?.id).toBe('report-reason');
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-describedby')).toBe('report-reason-error');
    expect(errorOf('report-good-faith')).toBe('Please confirm that your report is made in good faith');

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Something else');
    expect(errorOf('report-reason')).toBeNull();
    expect(errorOf('report-text')).toBe('Please describe what is wrong'); // 'other' needs the words
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Scam or spam');
    expect(errorOf('report-text')).toBeNull();
    await user.click(within(dialog).getByLabelText(/made in good faith/));
    expect(errorOf('report-good-faith')).toBeNull();
    expect(sentBodies(fetch, 'POST /api/report.php')).toEqual([]);
  });

  it("shows the server's refusal of a field under that field until it changes", async () => {
    stubApi({ 'POST /api/report.php': apiError(400, 'report_text_too_long', 'Your description may have at most 1000 characters', 'text') });
    const user = userEvent.setup();
    renderReportButton();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Harassment or offensive behaviour');
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Rude');
    await user.click(within(dialog).getByLabelText(/made in good faith/));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(errorOf('report-text')).toBe('Your description may have at most 1000 characters'));
    expect(document.activeElement?.id).toBe('report-text');
    expect(document.getElementById('report-error')).toBeNull();
    await user.type(within(dialog).getByLabelText('Details (optional)'), '!');
    expect(errorOf('report-text')).toBeNull();
  });

  it("speaks the member's language", async () => {
    await changeLocale('de');
    const user = userEvent.setup();
    renderReportButton('de');
    const dialog = await openDialog(user, 'Melden', 'Bram melden');
    await user.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    expect(errorOf('report-reason')).toBe('Bitte wähle einen Grund');
    expect(errorOf('report-good-faith')).toBe('Bitte bestätige, dass deine Meldung in gutem Glauben erfolgt');
  });

  it('keeps an unsent report when closed, and starts afresh after a sent one', async () => {
    const fetch = stubApi({ 'POST /api/report.php': RECEIVED });
    const user = userEvent.setup();
    renderReportButton();
    let dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Fake profile');
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Stock photos');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.id).toBe('member-report'); // focus returns to the button

    dialog = await openDialog(user);
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('fake_profile');
    expect((within(dialog).getByLabelText('Details (optional)') as HTMLTextAreaElement).value).toBe('Stock photos');
    await user.click(within(dialog).getByLabelText(/made in good faith/));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thanks, we received your report and will review it.');
    expect(sentBodies(fetch, 'POST /api/report.php')).toEqual([
      { profile_id: 42, reason: 'fake_profile', text: 'Stock photos', good_faith: true },
    ]);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!); // the footer's, beside the header's ×
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openDialog(user);
    expect((within(dialog).getByLabelText('Reason') as HTMLSelectElement).value).toBe('');
    expect((within(dialog).getByLabelText('Details (optional)') as HTMLTextAreaElement).value).toBe('');
    expect((within(dialog).getByLabelText(/made in good faith/) as HTMLInputElement).checked).toBe(false);
    expect(document.querySelectorAll('#report-dialog .is-invalid')).toHaveLength(0);
  });
});
