/**
 * Whether a reply of a fictional profile may go, in the order the answer call checks (decision
 * 033): the site's honest answer always goes; then the guardrails as a reader sees the text
 * (400 `reply_refused_<rule>`); then the honest answer when it is due, or when the reply denies
 * being fictional (409 `honest_answer_required`). Pure: the member's texts since the last reply
 * come from the caller (the database for the server, the corpus for its test and the bench).
 */
import type { GuardrailViolation } from '@cupido/shared/operator-guardrails';
import { replyViolationsAsRead } from './evasions';
import { deniesBeingFictional, memberAsksIfReal } from './honesty';

export type ReplyRefusal = { code: `reply_refused_${GuardrailViolation['rule']}`; match: string } | { code: 'honest_answer_required' };

const normalized = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The text is one of the site's honest answers (any language), spaces and case aside. */
export function isHonestAnswer(text: string, honestAnswers: Iterable<string | undefined>): boolean {
  const wanted = normalized(text);
  for (const answer of honestAnswers) if (answer && normalized(answer) === wanted) return true;
  return false;
}

/** One of the member's texts asks whether the profile is real: the honest answer is due. */
export const honestAnswerDueIn = (memberTexts: readonly string[]) => memberTexts.some((text) => memberAsksIfReal(text));

/** Why the reply may not go, or null. `memberTexts` is only read when the guardrails pass. */
export async function replyRefusal(text: string, honestAnswers: Iterable<string | undefined>, memberTexts: () => Promise<readonly string[]>): Promise<ReplyRefusal | null> {
  if (isHonestAnswer(text, honestAnswers)) return null;
  const [violation] = replyViolationsAsRead(text);
  if (violation) return { code: `reply_refused_${violation.rule}`, match: violation.match };
  if (deniesBeingFictional(text) || honestAnswerDueIn(await memberTexts())) return { code: 'honest_answer_required' };
  return null;
}
