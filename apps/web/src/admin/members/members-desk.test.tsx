import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type TStaffRole } from '@cupido/shared/contracts/staff';
import { ZCreditCorrectionRequest, ZMemberDetail, type TMemberDetail } from '@cupido/shared/contracts/members-desk';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as MemberSearchScreen } from './member-search-screen';
import { Component as MemberScreen } from './member-screen';

const routes = [
  { path: '/admin/members', element: <MemberSearchScreen /> },
  { path: '/admin/members/:id', element: <MemberScreen /> },
];

const me =
  (role: TStaffRole): Handler =>
  () => ({
    body: {
      staff: {
        id: 9,
        email: 's@x.example',
        name: 'Sam',
        role,
        permissions: ROLE_PERMISSIONS[role],
        second_factor_done: true,
        totp_set_up: true,
      },
    },
  });

const noPayments: Handler = () => ({ body: { payments: [], open_blocks: [] } });

const member: TMemberDetail = ZMemberDetail.parse({
  account: {
    id: 42,
    site_id: 1,
    site_name: 'Cupido',
    email: 'sanne@example.com',
    pending_email: null,
    status: 'active',
    suspended_until: null,
    created_at: '2026-03-01T10:00:00.000Z',
    activated_at: '2026-03-01T10:05:00.000Z',
    deleted_at: null,
    delete_reason: null,
    delete_remarks: null,
    erased_at: null,
    language: 'en',
    paid_user: false,
    credits: 20,
    profile_id: 7,
  },
  consents: [{ kind: 'terms', version: '2024-05-01', granted_at: '2026-03-01T10:00:00.000Z', revoked_at: null }],
  profile: {
    id: 7,
    name: 'Sanne',
    is_fictional: false,
    status: 'active',
    invisible: false,
    fields: { city: 'Utrecht', interests: ['music'] },
  },
  photos: [
    {
      id: 3,
      status: 'pending',
      is_main: true,
      url: '/photos/a.jpg',
      thumb_url: '/photos/a-t.jpg',
      created_at: '2026-03-02T10:00:00.000Z',
      reviewed_at: null,
    },
  ],
  blocks: { given: [{ profile_id: 8, name: 'Piet', created_at: '2026-03-03T10:00:00.000Z' }], received_count: 2 },
  credits: {
    balance: 20,
    entries: [
      { id: 1, created_at: '2026-03-01T10:05:00.000Z', kind: 'signup_credits', amount: 20, balance_after: 20, reference: null, note: null },
    ],
  },
  reports: { filed: [], about: [] },
  decisions: [],
});

describe('member search', () => {
  it('searches by the typed query and site, lists the results with links to the member', async () => {
    const sent = stubAdmin({
      'GET /admin/api/members/site-choices': () => ({
        body: {
          sites: [
            { id: 1, name: 'Cupido', domain: 'localhost' },
            { id: 2, name: 'Amora', domain: 'nl.localhost' },
          ],
        },
      }),
      'GET /admin/api/members': () => ({
        body: {
          members: [
            { id: 42, site_id: 2, email: 'sanne@example.com', name: 'Sanne', status: 'suspended', created_at: '2026-03-01T10:00:00.000Z' },
          ],
          page: 1,
          has_more: false,
        },
      }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/members', routes);
    await user.type(screen.getByLabelText('E-mail, name or id'), 'Sanne@');
    await screen.findByRole('option', { name: 'Amora (nl.localhost)' });
    await user.selectOptions(screen.getByLabelText('Site'), 'Amora (nl.localhost)');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const link = await screen.findByRole('link', { name: 'Open member 42' });
    expect(link.getAttribute('href')).toBe('/admin/members/42');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Amora')).toBeTruthy();
    expect(within(row).getByText('suspended')).toBeTruthy();
    const query = sent.find((s) => s.key === 'GET /admin/api/members')!.url.searchParams;
    expect([query.get('q'), query.get('site_id')]).toEqual(['Sanne@', '2']);
  });
});

describe('member page', () => {
  it('shows the sections and suspends with a reason after confirming', async () => {
    let detail = member;
    const sent = stubAdmin({
      'GET /admin/api/me': me('support'),
      'GET /admin/api/members/42': () => ({ body: detail }),
      'GET /admin/api/members/42/payments': noPayments,
      'POST /admin/api/members/42/suspend': () => {
        detail = { ...member, account: { ...member.account, status: 'suspended', suspended_until: '2026-03-17T10:00:00.000Z' } };
        return { body: { status: 'suspended', suspended_until: '2026-03-17T10:00:00.000Z' } };
      },
    });
    const user = userEvent.setup();
    renderScreen('/admin/members/42', routes);

    expect(await screen.findByRole('heading', { name: 'Member 42: Sanne' })).toBeTruthy();
    for (const name of [
      'Account',
      'Consents',
      'Profile',
      'Photos',
      'Blocks',
      'Credits',
      'Reports about the member',
      'Moderation decisions',
    ]) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(within(screen.getByRole('region', { name: 'Blocks' })).getByText('Blocked by 2 members')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 3 (pending)' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    // Resending the activation mail is only for accounts not yet confirmed.
    expect(screen.queryByRole('button', { name: 'Resend activation mail' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Suspend the account' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Days'));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    // No reason: refused before sending.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason')));
    expect(sent.some((s) => s.key.startsWith('POST'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), 'spam in chats');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect((await screen.findByRole('status')).textContent).toBe('Done.');
    expect(sent.find((s) => s.key === 'POST /admin/api/members/42/suspend')!.body).toEqual({ days: 7, reason: 'spam in chats' });
    expect(await screen.findByRole('button', { name: 'Lift suspension' })).toBeTruthy();
  });

  it('corrects credits with one idempotency key per opened form, and shows a refusal (balance below 0)', async () => {
    const sent = stubAdmin({
      'GET /admin/api/me': me('finance'),
      'GET /admin/api/members/42': () => ({ body: member }),
      'GET /admin/api/members/42/payments': noPayments,
      'POST /admin/api/members/42/credits': ({ body }) =>
        (body as { amount: number }).amount < -20
          ? {
              status: 409,
              body: { error: { code: 'balance_would_go_negative', message: 'The balance cannot go below 0 (it is 20).', field: 'amount' } },
            }
          : { body: { entry_id: 5, balance: 20 + (body as { amount: number }).amount, replayed: false } },
    });
    const user = userEvent.setup();
    renderScreen('/admin/members/42', routes);
    // finance corrects credits but does not manage accounts.
    await user.click(await screen.findByRole('button', { name: 'Correct credits' }));
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start erasure' })).toBeNull();

    const dialog = screen.getByRole('dialog', { name: 'Correct the credits' });
    await user.type(within(dialog).getByLabelText('Amount'), '-50');
    await user.type(within(dialog).getByLabelText('Reason'), 'chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Post correction' }));
    const amount = within(dialog).getByLabelText('Amount');
    await waitFor(() =>
      expect(document.getElementById('credits-amount-error')?.textContent).toBe('The balance cannot go below 0 (it is 20).'),
    );

    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Post correction' }));
    expect((await screen.findByRole('status')).textContent).toBe('Posted. The balance is now 15.');
    const posts = sent.filter((s) => s.key === 'POST /admin/api/members/42/credits').map((s) => ZCreditCorrectionRequest.parse(s.body));
    expect(posts.map((p) => p.amount)).toEqual([-50, -5]);
    // The same form: the same key (the refused one wrote nothing); a new form gets a new key.
    expect(posts[0]!.idempotency_key).toBe(posts[1]!.idempotency_key);
  });

  it('starts erasure only with the member id typed again', async () => {
    const sent = stubAdmin({
      'GET /admin/api/me': me('admin'),
      'GET /admin/api/members/42': () => ({ body: member }),
      'GET /admin/api/members/42/payments': noPayments,
      'POST /admin/api/members/42/erase': () => ({ body: { status: 'pending_deletion', suspended_until: null } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/members/42', routes);
    await user.click(await screen.findByRole('button', { name: 'Start erasure' }));
    const dialog = screen.getByRole('dialog', { name: 'Start erasure' });
    await user.type(within(dialog).getByLabelText("Type the member's id (42) to confirm"), '24');
    await user.type(within(dialog).getByLabelText('Reason'), 'asked by mail');
    await user.click(within(dialog).getByRole('button', { name: 'Start erasure' }));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText("Type the member's id (42) to confirm")));
    expect(sent.some((s) => s.key.endsWith('/erase'))).toBe(false);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start erasure' }));
  });
});

describe("the member's payments", () => {
  const paid = {
    id: 501,
    user_id: 42,
    email: 'sanne@example.com',
    site_id: 1,
    site_name: 'Cupido',
    package_id: 'p1',
    credits: 120,
    list_amount: 1995,
    discount_percentage: 0,
    amount: 1995,
    currency: 'EUR',
    method: 'visa',
    status: 'paid',
    created_at: '2026-03-02T10:00:00.000Z',
    paid_at: '2026-03-02T10:01:00.000Z',
    invoice_number: 'CUP-2026-000001',
    refunded_amount: 1995,
    charged_back: true,
    charged_back_at: '2026-03-09T08:00:00.000Z',
  };
  const cardBlock = { id: 3, kind: 'card', reason: 'chargeback', payment_id: 501, created_at: '2026-03-09T08:00:00.000Z', lifted_at: null };

  it('lists the payments and open blocks; support lifts the card block', async () => {
    let blocks = [cardBlock];
    const sent = stubAdmin({
      'GET /admin/api/me': me('support'),
      'GET /admin/api/members/42': () => ({ body: member }),
      'GET /admin/api/members/42/payments': () => ({ body: { payments: [paid], open_blocks: blocks } }),
      'POST /admin/api/members/42/purchase-blocks/card/lift': () => {
        blocks = [];
        return { body: { block: { ...cardBlock, lifted_at: '2026-03-10T08:00:00.000Z' } } };
      },
    });
    const user = userEvent.setup();
    renderScreen('/admin/members/42', routes);
    const section = await screen.findByRole('region', { name: 'Payments and purchase blocks' });
    const table = await within(section).findByRole('table', { name: "The member's latest payments" });
    expect(within(table).getByRole('link', { name: 'Payment 501' }).getAttribute('href')).toBe('/admin/payments/501');
    expect(table.textContent).toContain('€19.95');
    expect(section.textContent).toContain('Card purchases blocked after the chargeback of payment 501');

    await user.click(await within(section).findByRole('button', { name: 'Lift the block: Card purchases blocked' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Block lifted.');
    await waitFor(() => expect(section.textContent).toContain('No purchases blocked.'));
    expect(sent.filter((s) => s.key === 'POST /admin/api/members/42/purchase-blocks/card/lift')).toHaveLength(1);
  });

  it('offers no Lift to a role without members.manage', async () => {
    stubAdmin({
      'GET /admin/api/me': me('moderator'),
      'GET /admin/api/members/42': () => ({ body: member }),
      'GET /admin/api/members/42/payments': () => ({ body: { payments: [paid], open_blocks: [cardBlock] } }),
    });
    renderScreen('/admin/members/42', routes);
    const section = await screen.findByRole('region', { name: 'Payments and purchase blocks' });
    await within(section).findByText(/Card purchases blocked/);
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
