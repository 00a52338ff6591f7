/**
 * The statement of reasons (issue 13; DSA art. 17) in the member's language: what was decided,
 * on which ground, the facts, on what basis (a report or a photo review; by a person), and until
 * when it can be appealed. The e-mail (notice-mails.ts) and the app (GET /api/decisions.php) say
 * the same, from these texts (`moderation.*` of the server catalogues).
 */
import { APPEAL_WINDOW_MONTHS, type TDecisionAction, type TDecisionGround, type TDecisionSource } from '@cupido/shared/contracts/staff';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import { translate } from '../../i18n/translate';
import { formatWhen } from '../accounts/account-mails';

export interface DecisionFacts {
  id: number;
  source: TDecisionSource;
  action: TDecisionAction;
  ground: TDecisionGround;
  facts: string;
  photoId: number | null;
  messageId: number | null;
  suspendedUntil: Date | null;
  createdAt: Date;
}

export interface StatementTexts {
  what: string;
  ground: string;
  facts: string;
  basis: string;
  appealUntil: Date;
}

/** What the decision's content is: a photo, a message, or the profile (its text). */
export function contentKindOf(d: Pick<DecisionFacts, 'photoId' | 'messageId'>): 'photo' | 'message' | 'profile' {
  return d.messageId !== null ? 'message' : d.photoId !== null ? 'photo' : 'profile';
}

/** The last moment of the appeal window: APPEAL_WINDOW_MONTHS calendar months after the decision. */
export function appealDeadline(createdAt: Date): Date {
  const end = new Date(createdAt);
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + APPEAL_WINDOW_MONTHS);
  // 31 August + 6 months is 28/29 February, not 3 March.
  if (end.getUTCDate() !== day) end.setUTCDate(0);
  return end;
}

/** "23 November 2026": a date in the member's language. */
export function formatDay(locale: LocaleCode, date: Date): string {
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
  return new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export function groundText(locale: LocaleCode, ground: TDecisionGround): string {
  return translate(locale, `moderation.grounds.${ground}`);
}

export function whatText(locale: LocaleCode, d: Pick<DecisionFacts, 'action' | 'photoId' | 'messageId' | 'suspendedUntil'>): string {
  if (d.action === 'remove_content') return translate(locale, `moderation.what.remove_content_${contentKindOf(d)}`);
  if (d.action === 'suspend') return translate(locale, 'moderation.what.suspend', { until: formatWhen(locale, d.suspendedUntil!) });
  return translate(locale, `moderation.what.${d.action}`);
}

export function statementTexts(locale: LocaleCode, d: DecisionFacts): StatementTexts {
  return {
    what: whatText(locale, d),
    ground: groundText(locale, d.ground),
    facts: d.facts,
    basis: translate(locale, `moderation.basis.${d.source}`),
    appealUntil: appealDeadline(d.createdAt),
  };
}
