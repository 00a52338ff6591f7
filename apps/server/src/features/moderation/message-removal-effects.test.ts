/**
 * A chat message removed by a report decision (issue 13), after the commit: an image message's
 * files leave the storage (real files, made by sharp, in the test app's data dir), and both
 * members' open apps get a 'message_removed' frame on real sockets. A dismissal touches neither.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, conversations, messages } from '../../db/schema';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { chatImageFiles, chatImagesRoot, createChatImageStorage, storeChatImage } from '../chats/image-messages';
import { baseUrlOf, closeAll, openLiveReady, type LiveClient } from '../live/test/live-test-kit';
import { smallJpeg } from '../photos/test-images';
import { moderationKit, type Member } from './test/moderation-test-kit';

describe('a reported chat message removed by a decision', () => {
  let t: AccountsTestApp;
  let kit: ReturnType<typeof moderationKit>;
  let base: string;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    kit = moderationKit(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = baseUrlOf(t.app);
  });
  afterAll(async () => {
    await closeAll(clients);
    await t?.close();
  });

  const connect = async (member: Member) => {
    const client = await openLiveReady(base, { cookie: member.cookie, query: '?domain=localhost' });
    clients.push(client);
    return client;
  };
  const filesOf = (imageKey: string) => Object.values(chatImageFiles(imageKey)).map((file) => path.join(chatImagesRoot(t.dataDir), file));

  /** An image message from `from` to `to`, its files stored as the send route stores them, and `to`'s report of it. */
  async function reportedImage(from: Member, to: Member) {
    const log = { warn: () => undefined, error: () => undefined };
    const stored = await storeChatImage({ storage: createChatImageStorage({ dataDir: t.dataDir }), log }, await smallJpeg());
    const db = t.database.db;
    const [low, high] = from.profileId < to.profileId ? [from.profileId, to.profileId] : [to.profileId, from.profileId];
    const [conversation] = await db
      .insert(conversations)
      .values({ siteId: 1, lowProfileId: low, highProfileId: high, startedByProfileId: from.profileId, createdAt: t.clock() })
      .returning();
    await db.insert(conversationMembers).values([
      { conversationId: conversation!.id, profileId: from.profileId },
      { conversationId: conversation!.id, profileId: to.profileId },
    ]);
    const [message] = await db
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        senderProfileId: from.profileId,
        kind: 'image',
        imageKey: stored.imageKey,
        imageWidth: stored.width,
        imageHeight: stored.height,
        createdAt: t.clock(),
      })
      .returning();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/message-report.php',
      headers: { cookie: to.cookie },
      payload: { message_id: message!.id, reason: 'harassment', text: '', good_faith: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      conversationId: conversation!.id,
      messageId: message!.id,
      imageKey: stored.imageKey,
      reportId: response.json().report_id as number,
    };
  }

  it('deletes the image files and tells both members’ open apps, after the commit', async () => {
    const moderator = await kit.staff('moderator');
    const [sender, reporter] = [await kit.member(), await kit.member()];
    const image = await reportedImage(sender, reporter);
    for (const file of filesOf(image.imageKey)) expect(fs.existsSync(file), file).toBe(true);
    const [sendersApp, reportersApp] = [await connect(sender), await connect(reporter)];

    const response = await kit.decide(moderator, image.reportId, {
      action: 'remove_content',
      ground: 'harassment',
      facts: 'An offensive picture.',
    });
    expect(response.statusCode, response.body).toBe(200);

    for (const file of filesOf(image.imageKey)) expect(fs.existsSync(file), file).toBe(false);
    const expected = { type: 'message_removed', conversation: image.conversationId, message: image.messageId };
    for (const app of [sendersApp, reportersApp]) expect(await app.waitFor((frame) => frame.type === 'message_removed')).toEqual(expected);
    // The conversation itself stays, for both.
    expect(sendersApp.frames.some((frame) => frame.type === 'conversation_removed')).toBe(false);
  });

  it('a dismissal keeps the message, its files, and sends no frame', async () => {
    const moderator = await kit.staff('moderator');
    const [sender, reporter] = [await kit.member(), await kit.member()];
    const image = await reportedImage(sender, reporter);
    const reportersApp = await connect(reporter);

    const response = await kit.decide(moderator, image.reportId, { action: 'dismiss', ground: 'no_breach', facts: 'A holiday photo.' });
    expect(response.statusCode, response.body).toBe(200);

    for (const file of filesOf(image.imageKey)) expect(fs.existsSync(file), file).toBe(true);
    // A later removal's frame on the same socket proves that none came for the dismissal.
    const other = await reportedImage(await kit.member(), reporter);
    await kit.decide(moderator, other.reportId, { action: 'remove_content', ground: 'harassment', facts: 'Offensive.' });
    await reportersApp.waitFor((frame) => frame.type === 'message_removed' && frame.message === other.messageId);
    expect(
      reportersApp.frames
        .filter((frame) => frame.type === 'message_removed')
        .map((frame) => frame.type === 'message_removed' && frame.message),
    ).toEqual([other.messageId]);
  });
});
