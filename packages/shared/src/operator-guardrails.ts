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
  void text;
  return [];
}

/** True when the text asks whether the profile is real, a bot, fake or run by staff, in any of the seven languages. */
export function asksIfReal(text: string): boolean {
  void text;
  return false;
}

/** The vulnerability signals the text shows, each once, in the order of VULNERABILITY_SIGNALS. */
export function vulnerabilitySignals(text: string): TVulnerabilitySignal[] {
  void text;
  return [];
}
