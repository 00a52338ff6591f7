/**
 * Helpers for the moderation tests: members through the real API, staff with a finished second
 * factor, reports filed by members, and the back office's calls with the staff cookie.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { auditLog, conversationMembers, conversations, messages, profiles, reports, staffAccounts, users } from '../../../db/schema';
import { activeMember, type AccountsTestApp } from '../../../test/accounts-kit';
import { hashPassword } from '../../accounts/passwords';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../../staff/sessions';

export type Member = Awaited<ReturnType<typeof activeMember>> & { userId: number; profileId: number };

let staffCounter = 0;

export function moderationKit(t: AccountsTestApp) {
  const db = () => t.database.db;

  async function member(overrides: Record<string, unknown> = {}): Promise<Member> {
    const m = await activeMember(t, overrides);
    return { ...m, userId: m.user.id as number, profileId: m.user.profile.id as number };
  }

  async function staff(role: TStaffRole = 'moderator') {
    staffCounter += 1;
    const [row] = await db()
      .insert(staffAccounts)
      .values({
        email: `mod.${process.pid}.${staffCounter}@staff.example`,
        name: `Mod ${staffCounter}`,
        role,
        passwordHash: await hashPassword('a long staff password'),
        createdAt: t.clock(),
      })
      .returning();
    const token = await createStaffSession(db(), row!.id, t.clock(), true);
    return { id: row!.id, cookies: { [STAFF_SESSION_COOKIE]: token } };
  }
  type Staff = Awaited<ReturnType<typeof staff>>;

  const asStaff = (who: Staff, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: who.cookies, ...(payload ? { payload } : {}) });

  async function report(reporter: Member, body: Record<string, unknown>): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { cookie: reporter.cookie },
      payload: { reason: 'harassment', text: 'Rude to me', good_faith: true, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().report_id;
  }

  /** A message from `from` to `to` (rows arranged directly) and a report of it by `to`. */
  async function reportedMessage(from: Member, to: Member, text: string) {
    const [low, high] = from.profileId < to.profileId ? [from.profileId, to.profileId] : [to.profileId, from.profileId];
    const [conversation] = await db()
      .insert(conversations)
      .values({ siteId: 1, lowProfileId: low, highProfileId: high, startedByProfileId: from.profileId, createdAt: t.clock() })
      .returning();
    await db()
      .insert(conversationMembers)
      .values([
        { conversationId: conversation!.id, profileId: from.profileId },
        { conversationId: conversation!.id, profileId: to.profileId },
      ]);
    const [message] = await db()
      .insert(messages)
      .values({ conversationId: conversation!.id, senderProfileId: from.profileId, kind: 'text', body: text, createdAt: t.clock() })
      .returning();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/message-report.php',
      headers: { cookie: to.cookie },
      payload: { message_id: message!.id, reason: 'harassment', text: '', good_faith: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { messageId: message!.id, reportId: response.json().report_id as number };
  }

  async function decide(who: Staff, reportId: number, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return asStaff(who, 'POST', `/admin/api/reports/${reportId}/decision`, body);
  }

  const login = (m: Member) =>
    t.app.inject({ method: 'POST', url: '/api/user.php', payload: { email: m.body.email, password: m.body.password } });
  const userOf = async (m: Member) => (await db().select().from(users).where(eq(users.id, m.userId)))[0]!;
  const profileOf = async (id: number) => (await db().select().from(profiles).where(eq(profiles.id, id)))[0]!;
  const reportRow = async (id: number) => (await db().select().from(reports).where(eq(reports.id, id)))[0]!;
  const auditOf = async (itemType: string, itemId: number | string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.itemId, String(itemId)))
    )
      .filter((e) => e.itemType === itemType)
      .map((e) => e.action);
  const setLanguage = async (m: Member, language: string) => db().update(users).set({ language }).where(eq(users.id, m.userId));

  return { db, member, staff, asStaff, report, reportedMessage, decide, login, userOf, profileOf, reportRow, auditOf, setLanguage };
}
