import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TMemberDecision } from '@cupido/shared/contracts/moderation';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import DecisionsPage from './decisions-page';
import DecisionLinkPage from './decision-link-page';

const decision = (overrides: Partial<TMemberDecision> = {}): TMemberDecision => ({
  id: 7,
  created_at: '2026-03-10T10:00:00.000Z',
  action: 'suspend',
  what: 'Your account is suspended until 17 March 2026 at 10:00 UTC.',
  ground: 'Harassment or abusive behaviour',
  facts: 'Threats in messages.',
  content: null,
  suspended_until: '2026-03-17T10:00:00.000Z',
  appeal_until: '2026-09-10T10:00:00.000Z',
  can_appeal: true,
  appeal: null,
  ...overrides,
});
const received = { appeal_id: 3, status: 'open' as const, message: 'Thank you. We have received your appeal.' };

describe('moderation decisions (/decisions)', () => {
  it('shows each statement of reasons and sends an appeal with a labelled, keyboard-usable form', async () => {
    const fetch = stubApi({ 'GET /api/decisions.php': { body: { decisions: [decision()] } }, 'POST /api/appeal.php': { body: received } });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/decisions" element={<DecisionsPage />} />
      </Routes>,
      { route: '/decisions' },
    );
    const card = await screen.findByRole('article', { name: 'Decision of 10 March 2026' });
    expect(within(card).getByText('Your account is suspended until 17 March 2026 at 10:00 UTC.')).toBeTruthy();
    expect(within(card).getByText('Harassment or abusive behaviour')).toBeTruthy();
    expect(within(card).getByText('Threats in messages.')).toBeTruthy();
    expect(within(card).getByText('You can appeal this decision until 10 September 2026.')).toBeTruthy();

    // Empty: a message, no call.
    await user.click(within(card).getByRole('button', { name: 'Send appeal' }));
    expect(within(card).getByRole('alert').textContent).toBe('Please tell us why you disagree with the decision.');
    const text = within(card).getByLabelText('Your appeal');
    await user.type(text, 'I never threatened anyone.');
    await user.keyboard('{Tab}{Enter}');
    expect(await within(card).findByText('Thank you. We have received your appeal.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/appeal.php')).toEqual([{ decision_id: 7, text: 'I never threatened anyone.' }]);
  });

  it("shows the server's refusal, an appeal under review, and a decided one", async () => {
    stubApi({
      'GET /api/decisions.php': {
        body: {
          decisions: [
            decision({ id: 1 }),
            decision({
              id: 2,
              can_appeal: false,
              appeal: { status: 'open', created_at: '2026-03-11T10:00:00.000Z', outcome: null, note: null },
            }),
            decision({
              id: 3,
              can_appeal: false,
              appeal: {
                status: 'reversed',
                created_at: '2026-03-11T10:00:00.000Z',
                outcome: 'Your appeal has been reviewed: the decision has been reversed.',
                note: 'Quoted out of context.',
              },
            }),
          ],
        },
      },
      'POST /api/appeal.php': apiError(409, 'appeal_already_filed', 'You have already appealed this decision.'),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/decisions" element={<DecisionsPage />} />
      </Routes>,
      { route: '/decisions' },
    );
    const first = (await screen.findAllByRole('article'))[0]!;
    await user.type(within(first).getByLabelText('Your appeal'), 'Please look again');
    await user.click(within(first).getByRole('button', { name: 'Send appeal' }));
    expect((await within(first).findByRole('alert')).textContent).toBe('You have already appealed this decision.');
    expect(screen.getByText(/You appealed on 11 March 2026/)).toBeTruthy();
    expect(screen.getByText('Your appeal has been reviewed: the decision has been reversed.')).toBeTruthy();
    expect(screen.getByText('Quoted out of context.')).toBeTruthy();
  });
});

describe('the e-mail link (/decision/:token)', () => {
  it('opens the decision without a login and sends the appeal with the token', async () => {
    const fetch = stubApi({
      'GET /api/decision-link.php': { body: { decision: decision(), site_name: 'Cupido Test' } },
      'POST /api/decision-link.php': { body: received },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/decision/:token" element={<DecisionLinkPage />} />
      </Routes>,
      { route: '/decision/7-12-abc' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Our decision' })).toBeTruthy();
    await user.type(await screen.findByLabelText('Your appeal'), 'Not me');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Thank you. We have received your appeal.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/decision-link.php')).toEqual([{ token: '7-12-abc', text: 'Not me' }]);
  });

  it('says so when the link is not valid', async () => {
    stubApi({ 'GET /api/decision-link.php': apiError(404, 'decision_not_found', 'We could not find this decision.') });
    renderWithProviders(
      <Routes>
        <Route path="/decision/:token" element={<DecisionLinkPage />} />
      </Routes>,
      { route: '/decision/bad' },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find this decision.');
  });
});
