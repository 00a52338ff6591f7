import { describe, expect, it } from 'vitest';
import { ZLiveServerFrame } from '../contracts/live';
import { readLiveServerFrame } from './live-frames';

const message = {
  id: 31,
  conversation: { id: 3 },
  client_id: 'c1b2',
  from_me: false,
  kind: 'text',
  text: 'Hi',
  image: null,
  gift: null,
  created_at: '2026-11-29T09:00:00.000Z',
  state: null,
};
const VALID: Record<string, unknown>[] = [
  { type: 'hello', last_message_id: 0, new_likes: 0 },
  { type: 'hello', last_message_id: 12, new_likes: 3 },
  { type: 'message', message },
  {
    type: 'message',
    message: {
      ...message,
      kind: 'image',
      text: null,
      image: { thumb_url: '/t', url: '/u', width: 640, height: 480 },
      from_me: true,
      state: 'read',
      client_id: null,
    },
  },
  { type: 'message', message: { ...message, kind: 'gift', text: null, gift: 'rose', state: 'sent' } },
  { type: 'receipt', conversation: 3, delivered_up_to: 30, read_up_to: 29 },
  { type: 'typing', conversation: 3, profile: 7 },
  { type: 'like', profile: 7, like_state: 'match' },
  { type: 'counts', unread_messages: 2, new_likes: 0 },
  { type: 'conversation_removed', conversation: 3 },
  { type: 'message_removed', conversation: 3, message: 31 },
];
/** Values that break a field of one type or another. */
const WRONG = [undefined, null, '1', 1.5, -1, 0, true, {}, [], 'unknown', Number.MAX_SAFE_INTEGER + 2];

/** Every frame with one field (also inside the message and its image) replaced by each wrong value, or with an extra key. */
function variants(frame: Record<string, unknown>): unknown[] {
  const out: unknown[] = [{ ...frame, extra: 1 }];
  for (const key of Object.keys(frame)) {
    for (const wrong of WRONG) out.push({ ...frame, [key]: wrong });
    const inner = frame[key];
    if (inner && typeof inner === 'object') {
      for (const innerKey of Object.keys(inner)) {
        for (const wrong of WRONG) out.push({ ...frame, [key]: { ...inner, [innerKey]: wrong } });
        const deeper = (inner as Record<string, unknown>)[innerKey];
        if (deeper && typeof deeper === 'object') {
          for (const deepKey of Object.keys(deeper))
            for (const wrong of WRONG) out.push({ ...frame, [key]: { ...inner, [innerKey]: { ...deeper, [deepKey]: wrong } } });
        }
      }
    }
  }
  return out;
}

describe('live frames read without zod agree with the contract', () => {
  it('reads every kind of valid frame as the contract does', () => {
    for (const frame of VALID) {
      const contract = ZLiveServerFrame.safeParse(frame);
      expect(contract.success).toBe(true);
      expect(readLiveServerFrame(frame)).toEqual(contract.data);
    }
  });

  it('refuses what the contract refuses, and drops unknown keys as it does', () => {
    const cases = [...VALID.flatMap(variants), null, 'hello', 3, [], {}, { type: 'nope' }];
    expect(cases.length).toBeGreaterThan(500);
    for (const value of cases) {
      const contract = ZLiveServerFrame.safeParse(value);
      expect({ value, read: readLiveServerFrame(value) }).toEqual({ value, read: contract.success ? contract.data : null });
    }
  });
});
