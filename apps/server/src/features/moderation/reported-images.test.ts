/**
 * Moderation sees the image a member sent (issue 29): a reported image message carries the back
 * office's own picture URLs, a moderator fetches the JPEG there, and nobody without a staff
 * session does; members still read images only through GET /api/chat-image.php, where a member
 * outside the conversation gets 404.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReportQueueItem } from '@cupido/shared/contracts/moderation';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { multipart, smallJpeg } from '../photos/test-images';
import { moderationKit } from './test/moderation-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof moderationKit>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = moderationKit(t);
});
afterAll(() => t.close());

describe('a reported image message', () => {
  it('is shown to the moderator deciding the report, never to anyone else', async () => {
    const sender = await kit.member({ name: 'Bram' });
    const receiver = await kit.member({ name: 'Rita' });
    const third = await kit.member({ name: 'Otto' });
    const form = multipart([
      { name: 'profile_id', data: String(receiver.profileId) },
      { name: 'client_id', data: randomUUID() },
      { name: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: await smallJpeg() },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message-image.php',
      payload: form.payload,
      headers: { ...form.headers, cookie: sender.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = sent.json().message.id as number;
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/message-report.php',
      headers: { cookie: receiver.cookie },
      payload: { message_id: messageId, reason: 'harassment', text: '', good_faith: true },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const reportId = reported.json().report_id as number;

    const moderator = await kit.staff('moderator');
    const item = ZReportQueueItem.parse((await kit.asStaff(moderator, 'GET', `/admin/api/reports/${reportId}`)).json());
    expect(item.item).toMatchObject({
      kind: 'message',
      message: { id: messageId, image: { url: `/admin/api/reports/${reportId}/image?size=full` } },
    });
    for (const url of [item.item.message!.image!.url, item.item.message!.image!.thumb_url]) {
      const picture = await kit.asStaff(moderator, 'GET', url);
      expect(picture.statusCode, picture.body).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(picture.headers['cache-control']).toContain('no-store');
      expect((await sharp(picture.rawPayload).metadata()).format).toBe('jpeg');
    }

    // Without a staff session: the member who reported it, a visitor.
    const url = item.item.message!.image!.url;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: receiver.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // A member outside the conversation does not get it through the members' call either.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/chat-image.php?message=${messageId}`, headers: { cookie: third.cookie } }))
        .statusCode,
    ).toBe(404);

    // A report of a text message has no picture: none listed, 404 at the address.
    const text = await kit.reportedMessage(sender, third, 'Hello');
    const textItem = ZReportQueueItem.parse((await kit.asStaff(moderator, 'GET', `/admin/api/reports/${text.reportId}`)).json());
    expect(textItem.item.message).toEqual({ id: text.messageId, text: 'Hello' });
    const none = await kit.asStaff(moderator, 'GET', `/admin/api/reports/${text.reportId}/image`);
    expect([none.statusCode, errorOf(none).code]).toEqual([404, 'message_not_found']);
  });
});
