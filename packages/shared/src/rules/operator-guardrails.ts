/**
 * The operator console's guardrails (issue 15, trust.md): pure functions over a text, the same in
 * the server (which refuses) and the back office (which warns while typing). Each knows the seven
 * languages of the product; a reply or a member's message may be in any of them.
 *
 * - `replyViolations`: a reply of a fictional profile must not propose a meeting (a date and a
 *   place, "let's meet") nor move the contact elsewhere (a phone number, an e-mail address, a
 *   messenger handle or app, a link).
 * - `asksIfReal`: the member asks whether the profile is real, a bot, fake or run by staff; the
 *   honest answer must then be sent before any other reply.
 * - `vulnerabilitySignals`: the member mentions money trouble, loneliness with spending, or
 *   spending too much; the operator is warned and the spending reminder shown.
 */

import { findEmail, findLinks, findMessenger, findPhone } from './operator-guardrails-contact';
import { findMeeting } from './operator-guardrails-meeting';
import { correctTypos, REAL_QUESTIONS, SIGNALS } from './operator-guardrails-member';
import { foldText, maskSpans, originalSlice, type Span } from './operator-guardrails-text';

export const GUARDRAIL_RULES = ['meeting', 'phone', 'email', 'messenger', 'link'] as const;
export type TGuardrailRule = (typeof GUARDRAIL_RULES)[number];

export interface GuardrailViolation {
  rule: TGuardrailRule;
  /** The part of the text that triggered the rule, as written. */
  match: string;
}

export const VULNERABILITY_SIGNALS = ['money_trouble', 'lonely', 'spending_too_much'] as const;
export type TVulnerabilitySignal = (typeof VULNERABILITY_SIGNALS)[number];

/** Every rule the reply breaks, in the order of GUARDRAIL_RULES (empty: the reply may be sent). */
export function replyViolations(text: string): GuardrailViolation[] {
  const source = foldText(text);
  // E-mail addresses and links go first and are blanked, so their digits and names count once.
  const email = findEmail(source.folded);
  const afterEmail = maskSpans(source.folded, email ? [email] : []);
  const links = findLinks(afterEmail);
  const messenger = findMessenger(afterEmail);
  const phone = findPhone(maskSpans(afterEmail, links));
  const meeting = findMeeting(source.folded);
  const found: Record<TGuardrailRule, Span | null> = { meeting, phone, email, messenger, link: links[0] ?? null };
  return GUARDRAIL_RULES.flatMap((rule) => {
    const span = found[rule];
    return span ? [{ rule, match: originalSlice(source, span.start, span.end) }] : [];
  });
}

/** True when the text asks whether the profile is real, a bot, fake or run by staff, in any of the seven languages. */
export function asksIfReal(text: string): boolean {
  const folded = correctTypos(foldText(text).folded);
  return REAL_QUESTIONS.some((question) => question.test(folded));
}

/** The vulnerability signals the text shows, each once, in the order of VULNERABILITY_SIGNALS. */
export function vulnerabilitySignals(text: string): TVulnerabilitySignal[] {
  const folded = foldText(text).folded;
  return VULNERABILITY_SIGNALS.filter((signal) => SIGNALS[signal].some((pattern) => pattern.test(folded)));
}
