/**
 * Test helpers of the chats feature: members on sites of their own (their own prices), the chat
 * calls through the HTTP API, balances through the credit ledger, and a record of the frames
 * chats hands the live channel. The record wraps the app's real hub (features/live): every frame
 * still goes out, and the test sees which frames went to whom.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  ZChatAnswer,
  ZChatsAnswer,
  ZSendMessageAnswer,
  type TChatAnswer,
  type TChatsAnswer,
  type TSendMessageAnswer,
} from '@cupido/shared/contracts/chats';
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import { creditEntries, profiles, users } from '../../../db/schema';
import type { AccountsTestApp } from '../../../test/accounts-kit';
import { changeCredits, readBalance } from '../../credits/service';
import { activeMemberOn, get, insertProfile, newSite, send } from '../../profiles/test/profiles-test-kit';

export type Member = Awaited<ReturnType<typeof activeMemberOn>>;

/** The demo sites' signup credits, which every active member starts with. */
export const SIGNUP_CREDITS = 20;

export interface SentFrame {
  to: number[];
  frame: TLiveServerFrame;
}

/** Records what is handed to the app's live hub (and lets it through). */
export function recordFrames(t: AccountsTestApp) {
  const sent: SentFrame[] = [];
  const live = t.app.live;
  const original = live.sendTo.bind(live);
  live.sendTo = async (profileIds, frame) => {
    sent.push({ to: [...profileIds], frame });
    return original(profileIds, frame);
  };
  return {
    sent,
    clear: () => void sent.splice(0, sent.length),
    /** Frames sent to the profile, in order. */
    to: (profileId: number) => sent.filter((s) => s.to.includes(profileId)).map((s) => s.frame),
    ofType: <T extends TLiveServerFrame['type']>(type: T) =>
      sent.filter((s) => s.frame.type === type) as { to: number[]; frame: Extract<TLiveServerFrame, { type: T }> }[],
  };
}

export function chatKit(t: AccountsTestApp) {
  const db = () => t.database.db;

  /** A new site with these settings (a copy of the demo site) and `count` active members. */
  async function siteWith(count: number, settings: Parameters<typeof newSite>[1] = {}) {
    const site = await newSite(t, settings);
    const members: Member[] = [];
    for (let i = 0; i < count; i++) members.push(await activeMemberOn(t, site.domain));
    return { ...site, members };
  }

  const sendRaw = (domain: string, cookie: string, body: Record<string, unknown>) =>
    send(t, 'POST', `/api/message.php?domain=${domain}`, body, cookie);
  const message = (domain: string, cookie: string, profileId: number, text: string, clientId: string = randomUUID()) =>
    sendRaw(domain, cookie, { profile_id: profileId, client_id: clientId, text });

  async function sent(domain: string, cookie: string, profileId: number, text: string, clientId?: string): Promise<TSendMessageAnswer> {
    const response = await message(domain, cookie, profileId, text, clientId);
    expect(response.statusCode, response.body).toBe(200);
    return ZSendMessageAnswer.parse(response.json());
  }

  async function chats(domain: string, cookie: string): Promise<TChatsAnswer> {
    const response = await get(t, `/api/chats.php?domain=${domain}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return ZChatsAnswer.parse(response.json());
  }

  const chatRaw = (domain: string, cookie: string, query: string) => get(t, `/api/chat.php?domain=${domain}&${query}`, cookie);
  async function chat(domain: string, cookie: string, query: string): Promise<TChatAnswer> {
    const response = await chatRaw(domain, cookie, query);
    expect(response.statusCode, response.body).toBe(200);
    return ZChatAnswer.parse(response.json());
  }

  const read = (domain: string, cookie: string, conversation: number, upTo: number) =>
    send(t, 'POST', `/api/chat-read.php?domain=${domain}`, { conversation, up_to: upTo }, cookie);
  const remove = (domain: string, cookie: string, conversation: number) =>
    send(t, 'DELETE', `/api/chat.php?domain=${domain}`, { conversation }, cookie);
  const block = async (domain: string, cookie: string, profileId: number) => {
    const response = await send(t, 'POST', `/api/block.php?domain=${domain}`, { profile_id: profileId }, cookie);
    expect(response.statusCode, response.body).toBe(200);
  };

  /** Changes the member's balance by `amount` through the ledger (a staff correction). */
  async function grant(member: Member, amount: number) {
    await db().transaction((tx) =>
      changeCredits(tx, {
        userId: member.userId,
        amount,
        kind: 'manual_correction',
        idempotencyKey: `test:${randomUUID()}`,
        now: t.clock(),
      }),
    );
    t.app.forgetMemberSessions(member.userId);
  }
  /** Leaves the member exactly `credits`. */
  async function setBalance(member: Member, credits: number) {
    const balance = await readBalance(db(), member.userId);
    if (balance !== credits) await grant(member, credits - balance);
  }
  const balanceOf = (member: Member) => readBalance(db(), member.userId);
  async function entriesOf(member: Member, kind: string) {
    return db()
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, member.userId), sql`${creditEntries.kind} = ${kind}`));
  }

  async function makePremium(member: Member) {
    await db().update(users).set({ paidUser: true }).where(eq(users.id, member.userId));
    t.app.forgetMemberSessions(member.userId);
  }
  const setProfile = (profileId: number, values: Partial<typeof profiles.$inferInsert>) =>
    db().update(profiles).set(values).where(eq(profiles.id, profileId));
  const fictionalProfile = (siteId: number) => insertProfile(db(), { siteId, isFictional: true, name: 'Lola' });

  return {
    db,
    siteWith,
    sendRaw,
    message,
    sent,
    chats,
    chatRaw,
    chat,
    read,
    remove,
    block,
    grant,
    setBalance,
    balanceOf,
    entriesOf,
    makePremium,
    setProfile,
    fictionalProfile,
  };
}

export function statusAndCode(response: LightMyRequestResponse): [number, string | undefined] {
  return [response.statusCode, response.statusCode >= 400 ? (response.json() as { error: { code: string } }).error.code : undefined];
}
