/**
 * What operators keep about a member (issue 15): the note per pair of fictional profile and
 * member, shared between operators so the story stays consistent, and the vulnerability flag:
 * signals found in the member's messages to fictional profiles (recorded by the
 * chat.message_to_fictional_profile handler in the send's transaction) or a mark by staff. A
 * flagged member's conversations with fictional profiles carry the site's spending reminder.
 */
import { and, eq } from 'drizzle-orm';
import { pickLocalized, type LocaleCode } from '@cupido/shared/rules/locales';
import type { TOperatorNote } from '@cupido/shared/contracts/operator-console';
import { VULNERABILITY_SIGNALS, vulnerabilitySignals, type TVulnerabilitySignal } from '@cupido/shared/rules/operator-guardrails';
import type { Database } from '../../db/open';
import { operatorNotes, vulnerableMembers } from '../../db/schema';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import { recordStaffAction } from '../audit/service';
import type { Site } from '../sites/service';
import { staffNameOf } from '../staff/for-operator-console';

type Reader = Pick<Database, 'select'>;

export interface Vulnerability {
  flagged: boolean;
  signals: TVulnerabilitySignal[];
  marked_by_staff: boolean;
}

const ordered = (signals: Iterable<TVulnerabilitySignal>) => {
  const set = new Set(signals);
  return VULNERABILITY_SIGNALS.filter((signal) => set.has(signal));
};

export async function noteOf(db: Reader, fictionalProfileId: number, memberProfileId: number): Promise<TOperatorNote | null> {
  const [row] = await db
    .select({
      body: operatorNotes.body,
      updatedAt: operatorNotes.updatedAt,
      staffId: operatorNotes.updatedByStaffId,
      staffName: staffNameOf(operatorNotes.updatedByStaffId),
    })
    .from(operatorNotes)
    .where(and(eq(operatorNotes.fictionalProfileId, fictionalProfileId), eq(operatorNotes.memberProfileId, memberProfileId)));
  return row
    ? { body: row.body, updated_at: row.updatedAt.toISOString(), updated_by: { id: row.staffId, name: row.staffName ?? '' } }
    : null;
}

/** Writes the note (an empty body deletes it) and answers it as stored. */
export async function saveNote(
  db: Database,
  pair: { fictionalProfileId: number; memberProfileId: number },
  body: string,
  staffId: number,
  now: Date,
): Promise<TOperatorNote | null> {
  const where = and(eq(operatorNotes.fictionalProfileId, pair.fictionalProfileId), eq(operatorNotes.memberProfileId, pair.memberProfileId));
  if (body === '') {
    await db.delete(operatorNotes).where(where);
    return null;
  }
  await db
    .insert(operatorNotes)
    .values({ ...pair, body, updatedByStaffId: staffId, updatedAt: now })
    .onConflictDoUpdate({
      target: [operatorNotes.fictionalProfileId, operatorNotes.memberProfileId],
      set: { body, updatedByStaffId: staffId, updatedAt: now },
    });
  return noteOf(db, pair.fictionalProfileId, pair.memberProfileId);
}

export async function vulnerabilityOf(db: Reader, memberProfileId: number): Promise<Vulnerability> {
  const [row] = await db.select().from(vulnerableMembers).where(eq(vulnerableMembers.memberProfileId, memberProfileId));
  const signals = ordered(row?.signals ?? []);
  const marked = row?.markedByStaffId != null;
  return { flagged: signals.length > 0 || marked, signals, marked_by_staff: marked };
}

/** Staff mark or unmark the member; the signals found in their messages stay. Audited. */
export async function markVulnerable(
  db: Database,
  member: { profileId: number; siteId: number },
  vulnerable: boolean,
  staffId: number,
  now: Date,
): Promise<Vulnerability> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(vulnerableMembers).where(eq(vulnerableMembers.memberProfileId, member.profileId)).for('update');
    if (vulnerable) {
      await tx
        .insert(vulnerableMembers)
        .values({ memberProfileId: member.profileId, siteId: member.siteId, signals: [], markedByStaffId: staffId, flaggedAt: now })
        .onConflictDoUpdate({ target: vulnerableMembers.memberProfileId, set: { markedByStaffId: staffId } });
    } else if (before && before.signals.length === 0) {
      await tx.delete(vulnerableMembers).where(eq(vulnerableMembers.memberProfileId, member.profileId));
    } else if (before) {
      await tx.update(vulnerableMembers).set({ markedByStaffId: null }).where(eq(vulnerableMembers.memberProfileId, member.profileId));
    }
    await recordStaffAction(
      tx,
      {
        staffId,
        action: vulnerable ? 'member.vulnerable_mark' : 'member.vulnerable_unmark',
        itemType: 'profile',
        itemId: member.profileId,
        siteId: member.siteId,
        before: { marked: before?.markedByStaffId != null },
        after: { marked: vulnerable },
      },
      now,
    );
  });
  return vulnerabilityOf(db, member.profileId);
}

/** Merges the signals of a member's message into their row, in the send's transaction. */
export async function recordSignals(
  tx: Tx,
  member: { profileId: number; siteId: number },
  found: TVulnerabilitySignal[],
  now: Date,
): Promise<void> {
  if (found.length === 0) return;
  const [row] = await tx.select().from(vulnerableMembers).where(eq(vulnerableMembers.memberProfileId, member.profileId)).for('update');
  const merged = ordered([...(row?.signals ?? []), ...found]);
  if (row && merged.length === row.signals.length) return;
  await tx
    .insert(vulnerableMembers)
    .values({ memberProfileId: member.profileId, siteId: member.siteId, signals: merged, flaggedAt: now })
    .onConflictDoUpdate({ target: vulnerableMembers.memberProfileId, set: { signals: merged } });
}

/** The console's handlers of other features' facts (registered by its module.ts). */
export function handleOperatorConsoleEvents(events: DomainEvents, clock: () => Date): void {
  events.handleInTransaction(
    'chat.message_to_fictional_profile',
    'operator-console: record the vulnerability signals of the message',
    async (event, tx) => {
      await recordSignals(tx, { profileId: event.memberProfileId, siteId: event.siteId }, vulnerabilitySignals(event.text), clock());
    },
  );
}

/**
 * The spending reminder a member writing to a fictional profile sees, in their language: the
 * site's text when the member is flagged, else null (chats' spending_reminder, lent through the app's context, build-context.ts).
 */
export async function spendingReminderFor(
  db: Reader,
  site: Pick<Site, 'spendingReminder'>,
  memberProfileId: number,
  locale: LocaleCode,
): Promise<string | null> {
  const { flagged } = await vulnerabilityOf(db, memberProfileId);
  return flagged ? pickLocalized(site.spendingReminder, locale) : null;
}
