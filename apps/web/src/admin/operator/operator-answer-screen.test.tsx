/**
 * The answer screen: the claim taken on open and given back on leaving (not when refused), the
 * holder shown when someone else has it, the guardrails (the shared rules while typing, the
 * server's refusal as it words it), the honest answer first, the client id kept across
 * retries of the same text, the note and the vulnerable mark.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZOperatorNoteRequest, ZOperatorSendRequest, type TOperatorConversation } from '@cupido/shared/contracts/operator-console';
import { renderScreen, stubAdmin, type Handler } from '../ui/test/screen-test-kit';
import { Component as AnswerScreen } from './operator-answer-screen';
import { conversation, HONEST_EN, mine, NOW, others } from './operator-test-data';

afterEach(() => vi.restoreAllMocks());

const BASE = '/admin/api/operator/conversations/7';

function render(answer: TOperatorConversation, handlers: Record<string, Handler> = {}) {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  let claimed = false;
  const sent = stubAdmin({
    [`GET ${BASE}`]: () => ({ body: claimed ? { ...answer, claim: answer.claim ?? mine() } : answer }),
    [`POST ${BASE}/claim`]: () => {
      claimed = true;
      return { body: { claim: mine() } };
    },
    [`DELETE ${BASE}/claim`]: () => ({ status: 204 }),
    ...handlers,
  });
  const view = renderScreen('/admin/operator/7', [
    { path: '/admin/operator/:id', element: <AnswerScreen /> },
    { path: '/admin/operator', element: <p>the queue</p> },
  ]);
  return { sent, ...view, keys: () => sent.map((s) => s.key) };
}

const replyBox = () => screen.getByRole('textbox', { name: 'Your reply as Lena' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('operator answer screen', () => {
  it('claims the conversation on open, shows everything the operator needs, and releases the claim on leaving', async () => {
    const { keys, unmount, sent } = render(
      conversation({ note: { body: 'Has a dog called Max.', updated_at: '2026-11-24T10:00:00Z', updated_by: { id: 3, name: 'Anna' } } }),
    );
    expect(await screen.findByText(/You are answering this conversation/)).toBeTruthy();
    expect(keys().filter((k) => k === `POST ${BASE}/claim`)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rosa and Lena');
    const log = screen.getByRole('list', { name: 'Conversation' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Hi Lena!'),
      expect.stringMatching(/Lena \(fictional\) wrote.*Hi Rosa, how are you\?written by Anna/),
      expect.stringContaining('Fine, and you?'),
      expect.stringContaining('Rosa wrote'),
    ]);
    // The image Rosa paid to send is shown to the operator (issue 29), linking to its full size.
    const image = within(log).getByRole('img', { name: 'Image sent by Rosa (opens full size)' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/admin/api/operator/conversations/7/images/4?size=thumb');
    expect(image.closest('a')?.getAttribute('href')).toBe('/admin/api/operator/conversations/7/images/4?size=full');
    expect(screen.getByText('About Rosa')).toBeTruthy();
    const fictional = screen.getByRole('region', { name: /^Lena/ });
    expect(within(fictional).getByText('Fictional')).toBeTruthy();
    expect(fictional.textContent).toContain('This profile is run by staff.');
    expect((screen.getByLabelText(/^Note \(shared/) as HTMLTextAreaElement).value).toBe('Has a dog called Max.');
    expect(screen.getByText('Last edited by Anna, 24 Nov 2026, 10:00 UTC')).toBeTruthy();
    expect(keys()).not.toContain(`DELETE ${BASE}/claim`);

    unmount();
    await waitFor(() => expect(keys()).toContain(`DELETE ${BASE}/claim`));
    // Sent so that it survives the page going away.
    const release = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(release?.[1]?.keepalive).toBe(true);
    expect(sent.filter((s) => s.key === `DELETE ${BASE}/claim`)).toHaveLength(1);
  });

  it('shows who holds a conversation someone else took, read-only, with the way back, and releases nothing', async () => {
    const { keys, unmount } = render(conversation({ claim: others('Anna') }), {
      [`POST ${BASE}/claim`]: () => ({
        status: 409,
        body: { error: { code: 'conversation_taken', message: 'Anna is answering this conversation.' } },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Taken by Anna');
    expect(screen.queryByRole('textbox', { name: 'Your reply as Lena' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save the note' })).toBeNull();
    expect((screen.getByLabelText(/^Note \(shared/) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.getByRole('link', { name: /Back to the conversations/ }).getAttribute('href')).toBe('/admin/operator');
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(keys()).not.toContain(`DELETE ${BASE}/claim`);
  });

  it("blocks a reply with a phone number while it is typed, and shows the server's refusal of what it refuses", async () => {
    const refusal = 'This reply proposes a meeting. Fictional profiles never arrange to meet.';
    const { keys } = render(conversation(), {
      [`POST ${BASE}/messages`]: () => ({ status: 400, body: { error: { code: 'reply_refused_meeting', message: refusal } } }),
    });
    await screen.findByText(/You are answering this conversation/);
    await userEvent.type(replyBox(), 'Call me on +31 6 12345678 tonight');
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/it contains a phone number \(“\+31 6 12345678”\)/)).toBeTruthy();
    expect(replyBox().getAttribute('aria-invalid')).toBe('true');
    expect(keys()).not.toContain(`POST ${BASE}/messages`);

    // A text the shared rules let through, which the server refuses all the same.
    await userEvent.clear(replyBox());
    await userEvent.type(replyBox(), 'Sounds lovely');
    expect(sendButton()).toHaveProperty('disabled', false);
    await userEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.queryByText('the queue')).toBeNull();
  });

  it('warns about a rule broken as a reader sees the text, as the server refuses it (a meeting hidden by dots)', async () => {
    const { keys } = render(conversation(), {
      [`POST ${BASE}/messages`]: () => ({
        status: 400,
        body: { error: { code: 'reply_refused_meeting', message: 'This reply proposes a meeting.' } },
      }),
    });
    await screen.findByText(/You are answering this conversation/);
    await userEvent.type(replyBox(), 'ok, m.e.e.t?');
    expect(screen.getByText('it proposes a meeting (“m.e.e.t”)')).toBeTruthy();
    expect(replyBox().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton()).toHaveProperty('disabled', true);
    await userEvent.click(sendButton());
    expect(keys()).not.toContain(`POST ${BASE}/messages`);
  });

  it('warns about a reply denying the fiction, as the server refuses it after the is-this-real question', async () => {
    const { keys } = render(conversation(), {
      [`POST ${BASE}/messages`]: () => ({
        status: 409,
        body: { error: { code: 'honest_answer_required', message: 'The member asked whether this profile is real.' } },
      }),
    });
    await screen.findByText(/You are answering this conversation/);
    // The member asked "is this really you or an employee writing?" after the screen read the
    // conversation: the server refuses a denial (409 honest_answer_required) whether or not it
    // knows of the question, and so does the screen.
    await userEvent.type(replyBox(), 'of course I am real');
    expect(
      screen.getByText(
        'it says this profile is real: a fictional profile never denies being one (send the site’s honest answer when the member asks)',
      ),
    ).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);
    await userEvent.click(sendButton());
    expect(keys()).not.toContain(`POST ${BASE}/messages`);

    // The fiction disclosed in the same text denies nothing.
    await userEvent.clear(replyBox());
    await userEvent.type(replyBox(), "I'm not a bot: I'm a fictional profile written by the site's staff");
    expect(screen.queryByText(/This reply cannot be sent/)).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('keeps the client id across retries of the same text and goes back to the queue once sent', async () => {
    let attempts = 0;
    const { sent } = render(conversation(), {
      [`POST ${BASE}/messages`]: ({ body }) => {
        expect(ZOperatorSendRequest.safeParse(body).success).toBe(true);
        attempts++;
        if (attempts === 1)
          return { status: 409, body: { error: { code: 'claim_required', message: 'Your claim on this conversation ended.' } } };
        return {
          body: {
            message: {
              id: 9,
              from: 'fictional',
              kind: 'text',
              text: 'Doing great!',
              gift: null,
              created_at: '2026-11-24T12:00:00Z',
              staff: { id: 1, name: 'Me' },
            },
            waiting_since: null,
          },
        };
      },
    });
    await screen.findByText(/You are answering this conversation/);
    await userEvent.type(replyBox(), 'Doing great!');
    await userEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Your claim on this conversation ended.');
    await userEvent.click(sendButton());
    expect(await screen.findByText('the queue')).toBeTruthy();
    const posts = sent.filter((s) => s.key === `POST ${BASE}/messages`).map((s) => s.body as { text: string; client_id: string });
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual(posts[0]);
    // The server released the claim with the send: leaving asks for nothing more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((s) => s.key)).not.toContain(`DELETE ${BASE}/claim`);
  });

  it('when the member asked whether the profile is real, holds the ordinary reply and sends exactly the honest answer', async () => {
    const { sent } = render(conversation({ honest_answer_due: true }), {
      [`POST ${BASE}/messages`]: ({ body }) => ({
        body: {
          message: {
            id: 9,
            from: 'fictional',
            kind: 'text',
            text: (body as { text: string }).text,
            gift: null,
            created_at: '2026-11-24T12:00:00Z',
            staff: null,
          },
          waiting_since: null,
        },
      }),
    });
    const panel = await screen.findByRole('region', {
      name: 'The member asked whether this profile is real. Send the honest answer first.',
    });
    await screen.findByText(/You are answering this conversation/);
    expect(within(panel).getByText(HONEST_EN)).toBeTruthy();
    expect(within(panel).getByText('The honest answer in other languages')).toBeTruthy();
    expect(within(panel).getByText('Ich bin ein fiktives Profil.')).toBeTruthy();
    expect(replyBox()).toHaveProperty('disabled', true);
    expect(sendButton()).toHaveProperty('disabled', true);
    await userEvent.click(within(panel).getByRole('button', { name: 'Send the honest answer' }));
    expect(await screen.findByText('the queue')).toBeTruthy();
    const post = sent.find((s) => s.key === `POST ${BASE}/messages`)!;
    expect((post.body as { text: string }).text).toBe(HONEST_EN);
  });

  it('saves the note and shows who edited it last', async () => {
    const { sent } = render(conversation(), {
      [`PUT ${BASE}/note`]: ({ body }) => {
        expect(ZOperatorNoteRequest.safeParse(body).success).toBe(true);
        return {
          body: { note: { body: (body as { body: string }).body, updated_at: '2026-11-24T12:00:00Z', updated_by: { id: 1, name: 'Me' } } },
        };
      },
    });
    await screen.findByText(/You are answering this conversation/);
    expect(screen.getByText('No note yet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Note \(shared/), 'Works night shifts.');
    await userEvent.click(screen.getByRole('button', { name: 'Save the note' }));
    expect(await screen.findByText('Note saved.')).toBeTruthy();
    expect(screen.getByText('Last edited by Me, 24 Nov 2026, 12:00 UTC')).toBeTruthy();
    expect(sent.find((s) => s.key === `PUT ${BASE}/note`)!.body).toEqual({ body: 'Works night shifts.' });
  });

  it('shows the spending reminder of a flagged member and marks or unmarks', async () => {
    const { sent } = render(conversation({ vulnerable: { flagged: true, signals: ['money_trouble'], marked_by_staff: false } }), {
      [`PUT ${BASE}/vulnerable`]: ({ body }) => ({
        body: { vulnerable: { flagged: true, signals: ['money_trouble'], marked_by_staff: (body as { vulnerable: boolean }).vulnerable } },
      }),
    });
    await screen.findByText(/You are answering this conversation/);
    const panel = screen.getByRole('region', { name: /Vulnerable member/ });
    expect(panel.textContent).toContain("Signals in the member's messages: money trouble");
    expect(panel.textContent).toContain('Only spend what you can easily afford.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as vulnerable' }));
    expect(await within(panel).findByRole('button', { name: 'Remove the staff mark' })).toBeTruthy();
    expect(sent.find((s) => s.key === `PUT ${BASE}/vulnerable`)!.body).toEqual({ vulnerable: true });
  });

  it('reads the conversation again every minute while open, which renews the claim', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { keys } = render(conversation());
      await screen.findByText(/You are answering this conversation/);
      const reads = () => keys().filter((k) => k === `GET ${BASE}`).length;
      const before = reads();
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(reads()).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });
});
