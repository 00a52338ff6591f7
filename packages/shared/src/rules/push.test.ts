import { describe, expect, expectTypeOf, it } from 'vitest';
import { ZPushMessage, type TPushMessage } from '../contracts/push';
import { isSitePath, readPushMessage, readPushTargets, type PushMessage } from './push';

const VALID: TPushMessage[] = [
  {
    kind: 'new_messages',
    title: 'Anna wrote to you',
    body: 'Open the chat to read it.',
    tag: 'conversation:3',
    checkUrl: '/chats/3?network=push&sub1=new_messages',
    openUrl: '/login?redirect=%2Fchats%2F3',
  },
  { kind: 'new_conversations', title: 'T', body: '', tag: 'c', checkUrl: '/members/9/chat', openUrl: '/login' },
  { kind: 'like', title: 'T', body: 'B', tag: 'like:9', checkUrl: '/likes/m/9', openUrl: '/login?redirect=%2Flikes%2Fm%2F9' },
  { kind: 'match', title: 'T', body: 'B', tag: 'match:9', checkUrl: '/likes/m/9', openUrl: '/login' },
];
const WRONG = [undefined, null, 1, true, {}, [], 'unknown'];

/** Every payload with one field replaced by each wrong value, with an extra key, without a key, and not an object at all. */
function variants(message: TPushMessage): unknown[] {
  const out: unknown[] = [{ ...message, extra: 1 }, null, 'text', 3, [message]];
  for (const key of Object.keys(message)) {
    for (const wrong of WRONG) out.push({ ...message, [key]: wrong });
    const { [key as keyof TPushMessage]: _dropped, ...rest } = message;
    out.push(rest);
  }
  return out;
}

describe('push payload without zod', () => {
  it('is the contract’s type', () => {
    expectTypeOf<PushMessage>().toEqualTypeOf<TPushMessage>();
  });

  it('passes and fails what ZPushMessage passes and fails, and gives what zod gives', () => {
    const payloads = [...VALID, ...VALID.flatMap(variants)];
    expect(payloads.length).toBeGreaterThan(100);
    for (const payload of payloads) {
      const zod = ZPushMessage.safeParse(payload);
      expect(readPushMessage(payload), JSON.stringify(payload)).toEqual(zod.success ? zod.data : null);
    }
  });
});

describe('where a notification may lead', () => {
  it('only to paths of the site itself', () => {
    expect(isSitePath('/chats/3?network=push')).toBe(true);
    expect(isSitePath('//evil.example/x')).toBe(false);
    expect(isSitePath('/\\evil.example')).toBe(false);
    expect(isSitePath('https://evil.example/')).toBe(false);
    expect(isSitePath('javascript:alert(1)')).toBe(false);
    expect(isSitePath('chats/3')).toBe(false);
  });

  it('reads both targets from the notification’s data, or nothing', () => {
    expect(readPushTargets({ checkUrl: '/chats/3', openUrl: '/login?redirect=%2Fchats%2F3', extra: 1 })).toEqual({
      checkUrl: '/chats/3',
      openUrl: '/login?redirect=%2Fchats%2F3',
    });
    expect(readPushTargets({ checkUrl: '/chats/3' })).toBeNull();
    expect(readPushTargets({ checkUrl: 'https://evil.example/', openUrl: '/login' })).toBeNull();
    expect(readPushTargets(null)).toBeNull();
  });
});
