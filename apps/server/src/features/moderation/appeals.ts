/**
 * The member's decisions and appeals (issue 13; DSA art. 17 and 20). A member sees every decision
 * about them (all but dismissals, which change nothing for them) as its statement of reasons, and
 * may appeal each one once, within APPEAL_WINDOW_MONTHS, from the app or from the statement's
 * signed link (appeal-link.ts). A different staff member than the one who decided decides the
 * appeal; 'reversed' lifts a suspension or an ended account (removed content cannot come back:
 * the member is told so).
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  MODERATION_TEXT_MAX,
  type TAppealDecisionRequest,
  type TAppealQueueItem,
  type TMemberDecision,
} from '@cupido/shared/contracts/moderation';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { appeals, moderationDecisions } from '../../db/schema';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import type { BackOfficeDeps } from '../../back-office-deps';
import type { StaffPrincipal } from '../staff/sessions';
import { recordStaffAction } from '../audit/service';
import { liftSuspension } from '../accounts/suspension';
import { reportedMessageTexts } from '../reports/queue';
import { appealDeadline, statementTexts } from './statement';
import { queueAppealOutcome } from './notices';

type Decision = typeof moderationDecisions.$inferSelect;
type Appeal = typeof appeals.$inferSelect;
export type AppealDeps = Pick<BackOfficeDeps, 'db' | 'clock' | 'jobs' | 'log' | 'events'>;

const memberError = (status: number, code: string, params: Record<string, number> = {}, field?: string) =>
  new AppError(status, code, `errors.${code}`, params, field);
const staffError = (status: number, code: string) => new AppError(status, code, `staff.reports.errors.${code}`);

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export function toMemberDecision(
  locale: LocaleCode,
  decision: Decision,
  appeal: Appeal | null,
  now: Date,
  content: string | null = null,
): TMemberDecision {
  const x = statementTexts(locale, decision);
  return {
    id: decision.id,
    created_at: decision.createdAt.toISOString(),
    action: decision.action,
    what: x.what,
    ground: x.ground,
    facts: x.facts,
    content,
    suspended_until: decision.suspendedUntil?.toISOString() ?? null,
    appeal_until: x.appealUntil.toISOString(),
    can_appeal: appeal === null && now <= x.appealUntil,
    appeal: appeal && {
      status: appeal.status,
      created_at: appeal.createdAt.toISOString(),
      outcome: appeal.status === 'open' ? null : translate(locale, `moderation.appeal_outcome.${appeal.status}`),
      note: appeal.status === 'open' ? null : appeal.outcomeNote,
    },
  };
}

/** The member's decisions, newest first, with their appeals. */
export async function memberDecisions(
  deps: Pick<AppealDeps, 'db' | 'clock'>,
  userId: number,
  locale: LocaleCode,
): Promise<TMemberDecision[]> {
  const rows = await deps.db
    .select({ decision: moderationDecisions, appeal: appeals })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.userId, userId), ne(moderationDecisions.action, 'dismiss')))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id));
  const now = deps.clock();
  const contents = await reportedMessageTexts(
    deps.db,
    rows.filter((r) => r.decision.messageId !== null).map((r) => r.decision.id),
  );
  return rows.map((r) => toMemberDecision(locale, r.decision, r.appeal, now, contents.get(r.decision.id) ?? null));
}

/** One decision of the member (the signed link's page), or null. */
export async function memberDecision(
  deps: Pick<AppealDeps, 'db' | 'clock'>,
  userId: number,
  decisionId: number,
  locale: LocaleCode,
): Promise<TMemberDecision | null> {
  const [row] = await deps.db
    .select({ decision: moderationDecisions, appeal: appeals })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.id, decisionId), eq(moderationDecisions.userId, userId), ne(moderationDecisions.action, 'dismiss')));
  if (!row) return null;
  const contents = row.decision.messageId === null ? new Map<number, string>() : await reportedMessageTexts(deps.db, [row.decision.id]);
  return toMemberDecision(locale, row.decision, row.appeal, deps.clock(), contents.get(row.decision.id) ?? null);
}

/** Files the member's one appeal against their decision; answers its id. */
export async function fileAppeal(
  deps: Pick<AppealDeps, 'db' | 'clock'>,
  userId: number,
  decisionId: number,
  rawText: string,
): Promise<number> {
  const [decision] = await deps.db
    .select()
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.id, decisionId), eq(moderationDecisions.userId, userId)));
  if (!decision) throw memberError(404, 'decision_not_found');
  if (decision.action === 'dismiss') throw memberError(400, 'decision_not_appealable');
  const now = deps.clock();
  if (now > appealDeadline(decision.createdAt)) throw memberError(403, 'appeal_window_closed');
  const [existing] = await deps.db.select({ id: appeals.id }).from(appeals).where(eq(appeals.decisionId, decisionId));
  if (existing) throw memberError(409, 'appeal_already_filed');
  const text = rawText.trim();
  if (!text) throw memberError(400, 'appeal_text_required', {}, 'text');
  if (text.length > MODERATION_TEXT_MAX) throw memberError(400, 'appeal_text_too_long', { max: MODERATION_TEXT_MAX }, 'text');
  try {
    const [row] = await deps.db
      .insert(appeals)
      .values({ decisionId, userId, text, status: 'open', createdAt: now })
      .returning({ id: appeals.id });
    return row!.id;
  } catch (error) {
    // appeals_decision_unique decides between two appeals sent at once.
    if (isUniqueViolation(error)) throw memberError(409, 'appeal_already_filed');
    throw error;
  }
}

function toStaffDecision(d: Decision, staffId: number) {
  return {
    id: d.id,
    site_id: d.siteId,
    source: d.source,
    action: d.action,
    ground: d.ground,
    facts: d.facts,
    user_id: d.userId,
    profile_id: d.profileId,
    suspended_until: d.suspendedUntil?.toISOString() ?? null,
    decided_by_staff_id: d.decidedByStaffId,
    decided_by_me: d.decidedByStaffId === staffId,
    created_at: d.createdAt.toISOString(),
  };
}

/** Open appeals, oldest first (appeals_open_idx), of one site or of all. */
export async function openAppeals(
  deps: Pick<AppealDeps, 'db'>,
  staff: StaffPrincipal,
  siteId: number | undefined,
  limit = 200,
): Promise<TAppealQueueItem[]> {
  const rows = await deps.db
    .select({ appeal: appeals, decision: moderationDecisions })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(and(eq(appeals.status, 'open'), siteId === undefined ? undefined : eq(moderationDecisions.siteId, siteId)))
    .orderBy(asc(appeals.createdAt), asc(appeals.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.appeal.id,
    created_at: r.appeal.createdAt.toISOString(),
    text: r.appeal.text,
    decision: toStaffDecision(r.decision, staff.id),
  }));
}

/** Decides an appeal; never by the staff member who took the decision. */
export async function decideAppeal(
  deps: AppealDeps,
  staff: StaffPrincipal,
  appealId: number,
  input: TAppealDecisionRequest,
): Promise<void> {
  const note = input.note.trim();
  if (!note) throw staffError(400, 'note_required');
  const now = deps.clock();
  // A lifted suspension's account.view_changed drops the member's cached lookups after the commit.
  await deps.events.transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ appeal: appeals, decision: moderationDecisions })
      .from(appeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
      .where(eq(appeals.id, appealId))
      .for('update', { of: appeals });
    if (!row) throw staffError(404, 'appeal_not_found');
    const { appeal, decision } = row;
    if (appeal.status !== 'open') throw staffError(409, 'appeal_already_decided');
    if (decision.decidedByStaffId === staff.id) throw staffError(403, 'appeal_own_decision');
    await tx
      .update(appeals)
      .set({ status: input.outcome, decidedByStaffId: staff.id, decidedAt: now, outcomeNote: note })
      .where(eq(appeals.id, appealId));
    await recordStaffAction(
      tx,
      {
        staffId: staff.id,
        action: `appeal.${input.outcome}`,
        itemType: 'appeal',
        itemId: appealId,
        siteId: decision.siteId,
        before: { status: 'open', decision_id: decision.id },
        after: { status: input.outcome, note },
      },
      now,
    );
    if (input.outcome !== 'reversed' || decision.userId === null || (decision.action !== 'suspend' && decision.action !== 'terminate'))
      return;
    // The suspension may have ended by itself already: then there is nothing left to lift.
    const before = await liftSuspension(deps.events, tx, decision.userId);
    if (before)
      await recordStaffAction(
        tx,
        {
          staffId: staff.id,
          action: 'user.lift',
          itemType: 'user',
          itemId: decision.userId,
          siteId: decision.siteId,
          before: { status: before.status, suspended_until: before.suspendedUntil?.toISOString() ?? null },
          after: { status: 'active', suspended_until: null },
        },
        now,
      );
  });
  await queueAppealOutcome(deps, appealId);
}
