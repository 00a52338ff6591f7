/**
 * Messages as the member sees them (ZChatMessage, ZLastMessage): from_me and the state of their
 * own messages (sent, delivered, read) from how far the partner's app received and read the
 * conversation; a fictional partner's side is delivered once stored, never read (rules/chats).
 */
import { messageStateOf } from '@cupido/shared/rules/chats';
import { type TChatMessage } from '@cupido/shared/contracts/chats';
import type { z } from 'zod';
import type { ZLastMessage } from '@cupido/shared/contracts/chats';
import type { MessageRow } from './store';

/** Characters (graphemes) of a text message the conversation list shows. */
export const PREVIEW_GRAPHEMES = 80;

/** How far the partner's app got, and whether the partner is fictional (staff answer, no app). */
export interface PartnerProgress {
  deliveredUpTo: number;
  readUpTo: number;
  fictional: boolean;
}

/**
 * Where an image message's files are fetched (features/chats/image-*.ts answers it: only the two
 * members of the conversation may).
 */
export function chatImageUrls(messageId: number): { thumb_url: string; url: string } {
  return { thumb_url: `/api/chat-image.php?message=${messageId}&size=thumb`, url: `/api/chat-image.php?message=${messageId}&size=full` };
}

export function toChatMessage(row: MessageRow, viewerProfileId: number, partner: PartnerProgress): TChatMessage {
  const fromMe = row.senderProfileId === viewerProfileId;
  return {
    id: row.id,
    conversation: { id: row.conversationId },
    client_id: fromMe ? row.clientId : null,
    from_me: fromMe,
    kind: row.kind,
    text: row.kind === 'text' ? row.body : null,
    image:
      row.kind === 'image' && row.imageKey ? { ...chatImageUrls(row.id), width: row.imageWidth ?? 0, height: row.imageHeight ?? 0 } : null,
    gift: row.kind === 'gift' ? row.gift : null,
    created_at: row.createdAt.toISOString(),
    state: fromMe ? messageStateOf(row.id, partner) : null,
  };
}

let segmenter: Intl.Segmenter | undefined;

/** The start of a text, at most `max` graphemes (an emoji with skin tone stays whole), with an ellipsis when cut. */
export function previewOf(text: string, max = PREVIEW_GRAPHEMES): string {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let out = '';
  let count = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (count === max) return `${out.trimEnd()}…`;
    out += segment;
    count++;
  }
  return out;
}

export function toLastMessage(row: MessageRow, viewerProfileId: number, partner: PartnerProgress): z.infer<typeof ZLastMessage> {
  const message = toChatMessage(row, viewerProfileId, partner);
  return {
    id: message.id,
    kind: message.kind,
    text: message.text === null ? null : previewOf(message.text),
    gift: message.gift,
    from_me: message.from_me,
    created_at: message.created_at,
    state: message.state,
  };
}

/** A stored message, as the transaction left it. */
export interface SentMessage {
  message: MessageRow;
  conversationId: number;
  partnerProfileId: number;
  partner: PartnerProgress;
  /** The sender's balance after paying. */
  balance: number;
  /** The client id had been sent before: nothing was written now. */
  replayed: boolean;
}
