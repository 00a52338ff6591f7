/**
 * The message list renders again on every scroll and every measurement of its virtualiser; the
 * bubbles it already shows do not (issue 29: the conversation's first task rendered every bubble
 * twice). A bubble whose message changes state does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { TChatMessage } from '@cupido/shared/contracts/chats';
import { renderWithProviders } from '../../test/render-with-providers';
import { chatMessage } from './test/conversation-test-kit';
import { MessageList, type MessageListProps } from './message-list';

/** Every bubble rendered, by its text. */
const bubbleRenders: string[] = [];
vi.mock('./message-bubble', async (importOriginal) => {
  const original = await importOriginal<typeof import('./message-bubble')>();
  return {
    ...original,
    MessageBubble: (props: Parameters<typeof original.MessageBubble>[0]) => {
      bubbleRenders.push(props.content.text ?? '');
      return original.MessageBubble(props);
    },
  };
});

beforeEach(() => {
  bubbleRenders.length = 0;
  // happy-dom lays nothing out: the list gets a screen's height and each row a bubble's.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-messages') ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-row') ? 50 : 0;
  });
});
afterEach(() => vi.restoreAllMocks());

function props(messages: TChatMessage[]): MessageListProps {
  return {
    messages,
    outgoing: [],
    receipts: { deliveredUpTo: 0, readUpTo: 0 },
    partnerName: 'Bram',
    fictional: false,
    hasOlder: false,
    olderHidden: false,
    loadingOlder: false,
    onLoadOlder: () => {},
    onOpenImage: () => {},
    onReport: () => {},
  };
}

/** The list's parent: the test hands it new props, as the conversation screen would. */
const parent: { show?: (next: MessageListProps) => void } = {};
function Parent({ initial }: { initial: MessageListProps }) {
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    parent.show = setShown;
  }, []);
  return <MessageList {...shown} />;
}

describe('the message list', () => {
  it('renders a bubble again only when its own message changes', () => {
    const messages = [chatMessage(1), chatMessage(2, { from_me: true, text: 'Hi there' }), chatMessage(3)];
    const shared = props(messages);
    renderWithProviders(<Parent initial={shared} />);
    expect(screen.getByText('Hi there')).toBeTruthy();
    bubbleRenders.length = 0;

    // A scroll (the virtualiser works out its range again) renders no bubble again.
    act(() => {
      fireEvent.scroll(screen.getByRole('region', { name: 'Messages with Bram' }));
    });
    // The parent renders again with the same messages in a new array (a new rows list).
    act(() => parent.show!({ ...shared, messages: [...messages] }));
    expect(bubbleRenders).toEqual([]);

    // The partner read the own message: only its bubble renders again, with the new state.
    act(() => parent.show!({ ...shared, messages: [...messages], receipts: { deliveredUpTo: 2, readUpTo: 2 } }));
    expect(bubbleRenders).toEqual(['Hi there']);
  });
});
