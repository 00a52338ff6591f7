/**
 * Operators see the images members paid to send (issue 29): the answer screen lists an image
 * message with the back office's own picture URLs, the staff answering fetch the JPEG there,
 * and nobody else does: a member or a visitor without a staff session is refused, the same
 * message through another conversation's URL is 404, and members still read images only through
 * GET /api/chat-image.php (a third member gets 404 there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ZOperatorConversation } from '@cupido/shared/contracts/operator-console';
import { activeMemberOn } from '../profiles/test/profiles-test-kit';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { staffGet } from '../audit/test/audit-test-kit';
import { multipart, smallJpeg } from '../photos/test-images';
import { operatorKit } from './test/operator-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof operatorKit>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = operatorKit(t);
});
afterAll(() => t.close());

describe('an image message to a fictional profile', () => {
  it('is shown to the staff answering, never to anyone else', async () => {
    const {
      domain,
      members,
      fictionalId,
      conversations: [conversation, otherConversation],
    } = await kit.waitingSite(2);
    const member = members[0]!;
    const form = multipart([
      { name: 'profile_id', data: String(fictionalId) },
      { name: 'client_id', data: randomUUID() },
      { name: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: await smallJpeg() },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/message-image.php?domain=${domain}`,
      payload: form.payload,
      headers: { ...form.headers, cookie: member.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = sent.json().message.id as number;

    const operator = await kit.operator();
    const screen = ZOperatorConversation.parse((await staffGet(t, operator, `/admin/api/operator/conversations/${conversation}`)).json());
    const shown = screen.messages.find((m) => m.id === messageId);
    expect(shown).toMatchObject({
      kind: 'image',
      from: 'member',
      image: { url: expect.stringContaining(`/conversations/${conversation}/images/${messageId}`) },
    });
    expect(screen.messages.filter((m) => m.kind === 'text').every((m) => m.image === null)).toBe(true);

    for (const url of [shown!.image!.url, shown!.image!.thumb_url]) {
      const picture = await staffGet(t, operator, url);
      expect(picture.statusCode, picture.body).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(picture.headers['cache-control']).toContain('no-store');
      expect((await sharp(picture.rawPayload).metadata()).format).toBe('jpeg');
    }

    // Without a staff session: the member who sent it, a visitor.
    const asMember = await t.app.inject({ method: 'GET', url: shown!.image!.url, headers: { cookie: member.cookie } });
    expect(asMember.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: shown!.image!.url })).statusCode).toBe(401);
    // The message through another conversation's address: not there.
    const elsewhere = await staffGet(t, operator, `/admin/api/operator/conversations/${otherConversation}/images/${messageId}`);
    expect([elsewhere.statusCode, errorOf(elsewhere).code]).toEqual([404, 'message_not_found']);
    // A text message has no picture.
    const text = screen.messages.find((m) => m.kind === 'text')!;
    expect((await staffGet(t, operator, `/admin/api/operator/conversations/${conversation}/images/${text.id}`)).statusCode).toBe(404);

    // Members read images only through their own call: a third member of the site gets 404 there.
    const third = await activeMemberOn(t, domain);
    const members404 = await t.app.inject({
      method: 'GET',
      url: `/api/chat-image.php?message=${messageId}&domain=${domain}`,
      headers: { cookie: third.cookie },
    });
    expect(members404.statusCode).toBe(404);
  });
});
