/**
 * Chats over real sockets of the live channel (features/live; issue 12): the hello's newest
 * message id and new likes, a message reaching the partner's socket, and what chats does with the apps' frames:
 * typing told to the partner (only in the member's own conversation, never to a fictional
 * profile), delivered and read receipts back to the sender, the reader's badge count to their
 * own tabs. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { baseUrlOf, closeAll, openLiveReady, type LiveClient } from '../live/test/live-test-kit';
import { chatKit, recordFrames, type Member } from './test/chats-test-kit';
import { send } from '../profiles/test/profiles-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof chatKit>;
let frames: ReturnType<typeof recordFrames>;
let base: string;
const clients: LiveClient[] = [];
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = chatKit(t);
  frames = recordFrames(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = baseUrlOf(t.app);
});
afterAll(async () => {
  await closeAll(clients);
  await t.close();
});

/** A socket of the member, on the member's site (sessions belong to a site). */
const connect = async (member: Member, domain: string) => {
  const client = await openLiveReady(base, { cookie: member.cookie, query: `?domain=${domain}` });
  clients.push(client);
  return client;
};
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ofType = <T extends TLiveServerFrame['type']>(client: LiveClient, type: T) => client.frames.filter((f) => f.type === type);

describe('chats on the live channel', () => {
  it("greets with the newest message id and the new likes, and delivers a message to the partner's socket", async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    const first = await kit.sent(domain, anna.cookie, ben.profileId, 'before the socket');
    // A like made before Ben's socket opened reached no socket of his: the hello counts it.
    const liked = await send(t, 'POST', `/api/like.php?domain=${domain}`, { profile_id: ben.profileId }, anna.cookie);
    expect(liked.statusCode, liked.body).toBe(200);
    const bens = await connect(ben, domain);
    expect(bens.frames[0]).toEqual({ type: 'hello', last_message_id: first.message.id, new_likes: 1 });
    const annas = await connect(anna, domain);
    expect(annas.frames[0]).toEqual({ type: 'hello', last_message_id: first.message.id, new_likes: 0 });

    const second = await kit.sent(domain, anna.cookie, ben.profileId, 'live!');
    const got = await bens.waitFor((f) => f.type === 'message' && f.message.id === second.message.id);
    expect(got).toMatchObject({ type: 'message', message: { text: 'live!', from_me: false, state: null } });
    // The first message's own counts frame is published after its commit and may still reach
    // the socket opened just after it (through Redis in CI), so wait for the frame of the second.
    expect(await bens.waitFor((f) => f.type === 'counts' && f.unread_messages === 2)).toEqual({
      type: 'counts',
      unread_messages: 2,
      new_likes: 1,
    });
  });

  it("tells the partner that the member types, only in the member's own conversation", async () => {
    const { domain, members } = await kit.siteWith(3);
    const [anna, ben, carla] = members as [Member, Member, Member];
    const sent = await kit.sent(domain, anna.cookie, ben.profileId, 'Hi');
    const conversation = sent.message.conversation.id;
    const [annas, bens, carlas] = [await connect(anna, domain), await connect(ben, domain), await connect(carla, domain)];

    carlas.send({ type: 'typing', conversation });
    annas.send({ type: 'typing', conversation });
    expect(await bens.waitFor((f) => f.type === 'typing')).toEqual({ type: 'typing', conversation, profile: anna.profileId });
    await delay(200);
    expect(ofType(bens, 'typing')).toHaveLength(1);
    expect(ofType(annas, 'typing')).toEqual([]);
    expect(ofType(carlas, 'typing')).toEqual([]);
  });

  it('sends no typing to a fictional profile', async () => {
    const { domain, siteId, members } = await kit.siteWith(1);
    const [anna] = members as [Member];
    const lola = await kit.fictionalProfile(siteId);
    const sent = await kit.sent(domain, anna.cookie, lola, 'Hi Lola');
    const annas = await connect(anna, domain);
    frames.clear();
    annas.send({ type: 'typing', conversation: sent.message.conversation.id });
    annas.send({ type: 'read', conversation: sent.message.conversation.id, up_to: sent.message.id });
    await annas.waitFor((f) => f.type === 'counts');
    expect(frames.sent.filter((s) => s.to.includes(lola))).toEqual([]);
  });

  it('turns delivered and read frames into receipts for the sender and a badge count for the reader', async () => {
    const { domain, members } = await kit.siteWith(2);
    const [anna, ben] = members as [Member, Member];
    const one = await kit.sent(domain, anna.cookie, ben.profileId, 'one');
    const two = await kit.sent(domain, anna.cookie, ben.profileId, 'two');
    const conversation = one.message.conversation.id;
    const [annas, bens] = [await connect(anna, domain), await connect(ben, domain)];

    bens.send({ type: 'delivered', conversation, up_to: two.message.id });
    expect(await annas.waitFor((f) => f.type === 'receipt')).toEqual({
      type: 'receipt',
      conversation,
      delivered_up_to: two.message.id,
      read_up_to: 0,
    });
    expect((await kit.chat(domain, anna.cookie, `conversation=${conversation}`)).messages.map((m) => m.state)).toEqual([
      'delivered',
      'delivered',
    ]);

    bens.send({ type: 'read', conversation, up_to: one.message.id });
    expect(await annas.waitFor((f) => f.type === 'receipt' && f.read_up_to > 0)).toEqual({
      type: 'receipt',
      conversation,
      delivered_up_to: two.message.id,
      read_up_to: one.message.id,
    });
    expect(await bens.waitFor((f) => f.type === 'counts')).toEqual({ type: 'counts', unread_messages: 1, new_likes: 0 });
    expect((await kit.chat(domain, anna.cookie, `conversation=${conversation}`)).messages.map((m) => m.state)).toEqual([
      'read',
      'delivered',
    ]);
  });
});
