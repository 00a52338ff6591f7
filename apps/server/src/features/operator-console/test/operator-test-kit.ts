/**
 * Test helpers of the operator console: operators (staff sessions with distinct names), a site
 * with a fictional profile and members who wrote to it (conversations in the queue, through the
 * real chat call), and the console's calls through the HTTP API.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  ZOperatorConversation,
  ZOperatorQueueAnswer,
  type TOperatorConversation,
  type TOperatorQueueAnswer,
} from '@cupido/shared/contracts/operator-console';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { staffAccounts, users } from '../../../db/schema';
import type { AccountsTestApp } from '../../../test/accounts-kit';
import { staffGet, staffMember, staffSend, type TestStaff } from '../../audit/test/audit-test-kit';
import { chatKit, type Member } from '../../chats/test/chats-test-kit';

export type Operator = TestStaff & { name: string };

let operators = 0;

export function operatorKit(t: AccountsTestApp) {
  const chats = chatKit(t);
  const db = () => t.database.db;

  async function operator(role: 'operator' | 'admin' = 'operator'): Promise<Operator> {
    const staff = await staffMember(t, role, t.clock());
    operators += 1;
    const name = `Operator ${operators}`;
    await db().update(staffAccounts).set({ name }).where(eq(staffAccounts.id, staff.id));
    return { ...staff, name };
  }

  /** A new site with a fictional profile and `count` members who each wrote to it (waiting in the queue). */
  async function waitingSite(count: number, settings: Parameters<typeof chats.siteWith>[1] = {}) {
    const site = await chats.siteWith(count, settings);
    const fictionalId = await chats.fictionalProfile(site.siteId);
    const conversations: number[] = [];
    for (const member of site.members) {
      const sent = await chats.sent(site.domain, member.cookie, fictionalId, `Hello from ${member.profileId}`);
      conversations.push(sent.message.conversation.id);
    }
    return { ...site, fictionalId, conversations };
  }

  const setLanguage = (member: Member, language: LocaleCode) => db().update(users).set({ language }).where(eq(users.id, member.userId));

  async function queue(staff: Operator, query = ''): Promise<TOperatorQueueAnswer> {
    const response = await staffGet(t, staff, `/admin/api/operator/queue${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZOperatorQueueAnswer.parse(response.json());
  }

  async function view(staff: Operator, conversation: number): Promise<TOperatorConversation> {
    const response = await staffGet(t, staff, `/admin/api/operator/conversations/${conversation}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZOperatorConversation.parse(response.json());
  }

  const claim = (staff: Operator, conversation: number) =>
    staffSend(t, staff, 'POST', `/admin/api/operator/conversations/${conversation}/claim`);
  const release = (staff: Operator, conversation: number) =>
    staffSend(t, staff, 'DELETE', `/admin/api/operator/conversations/${conversation}/claim`);
  const answer = (staff: Operator, conversation: number, text: string, clientId: string = randomUUID()) =>
    staffSend(t, staff, 'POST', `/admin/api/operator/conversations/${conversation}/messages`, { text, client_id: clientId });
  const note = (staff: Operator, conversation: number, body: string) =>
    staffSend(t, staff, 'PUT', `/admin/api/operator/conversations/${conversation}/note`, { body });
  const markVulnerable = (staff: Operator, conversation: number, vulnerable: boolean) =>
    staffSend(t, staff, 'PUT', `/admin/api/operator/conversations/${conversation}/vulnerable`, { vulnerable });

  return { chats, operator, waitingSite, setLanguage, queue, view, claim, release, answer, note, markVulnerable };
}
