/**
 * Whether a reply of a fictional profile may go, in the order the answer call checks (decision
 * 033): the site's honest answer always goes; then the guardrails as a reader sees the text
 * (400 `reply_refused_<rule>`); then the honest answer when it is due, or when the reply denies
 * being fictional (409 `honest_answer_required`). One pure function for both sides: the server
 * refuses with the first reason, the answer screen warns about each of them while the operator
 * types. Whether the honest answer is due comes from the caller (`honestAnswerDueIn` on the
 * member's texts since the last reply: the database for the server, the conversation's
 * `honest_answer_due` for the screen, the corpus for its test and the bench).
 */
import type { TGuardrailRule } from './operator-guardrails';
import { replyViolationsAsRead } from './operator-guardrails-evasions';
import { deniesBeingFictional, memberAsksIfReal } from './operator-guardrails-honesty';

export type ReplyRefusal =
  { code: `reply_refused_${TGuardrailRule}`; rule: TGuardrailRule; match: string } | { code: 'honest_answer_required' };

const normalized = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The text is one of the site's honest answers (any language), spaces and case aside. */
export function isHonestAnswer(text: string, honestAnswers: Iterable<string | undefined>): boolean {
  const wanted = normalized(text);
  for (const answer of honestAnswers) if (answer && normalized(answer) === wanted) return true;
  return false;
}

/** One of the member's texts asks whether the profile is real: the honest answer is due. */
export const honestAnswerDueIn = (memberTexts: readonly string[]) => memberTexts.some((text) => memberAsksIfReal(text));

/**
 * Every reason the reply may not go, in the answer call's order (empty: it may go). The answer
 * call refuses with the first; a rule's reason quotes the words as typed.
 */
export function replyRefusals(text: string, honestAnswers: Iterable<string | undefined>, honestAnswerDue: boolean): ReplyRefusal[] {
  if (isHonestAnswer(text, honestAnswers)) return [];
  const refusals: ReplyRefusal[] = replyViolationsAsRead(text).map(({ rule, match }) => ({ code: `reply_refused_${rule}`, rule, match }));
  if (honestAnswerDue || deniesBeingFictional(text)) refusals.push({ code: 'honest_answer_required' });
  return refusals;
}
