import { z } from 'zod';
import { INT32_MAX } from './input';

/**
 * The credit ledger (issue 10, docs/decisions/017-credit-ledger.md). Every change of a member's
 * credits is one append-only entry of one of these kinds; the balance on the account is their sum.
 */

/**
 * What an entry is for. The database's CHECK on credit_entries.kind is built from this list, so a
 * new kind (a feature that starts spending credits) is added here and migrated.
 */
export const CREDIT_KINDS = [
  /** The balance an account had before the ledger existed (migration 0005). */
  'opening_balance',
  /** The site's signup credits, granted once on activation. */
  'signup_credits',
  /** Staff corrected a balance by hand. */
  'manual_correction',
  'message',
  'image',
  'gift',
  'purchase',
  'refund',
] as const;
export type TCreditKind = (typeof CREDIT_KINDS)[number];

/** Entries per page of GET /api/credits-history.php, unless the call asks for fewer or more (up to the maximum). */
export const CREDIT_HISTORY_PAGE_SIZE = 20;
export const CREDIT_HISTORY_MAX_PAGE_SIZE = 100;

/** GET /api/credits-history.php: the logged-in member's ledger, newest first. */
export const ZCreditHistoryQuery = z.looseObject({
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(INT32_MAX)
    .optional()
    .meta({ description: "Page on: only entries older than this entry id (the previous answer's next_before)" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CREDIT_HISTORY_MAX_PAGE_SIZE)
    .default(CREDIT_HISTORY_PAGE_SIZE)
    .meta({ description: `Entries per page, 1..${CREDIT_HISTORY_MAX_PAGE_SIZE} (default ${CREDIT_HISTORY_PAGE_SIZE})` }),
});
export type TCreditHistoryQuery = z.input<typeof ZCreditHistoryQuery>;

export const ZCreditEntry = z.object({
  id: z.number().int(),
  created_at: z.string().meta({ description: 'When the entry was posted (ISO 8601)' }),
  kind: z.enum(CREDIT_KINDS),
  amount: z.number().int().meta({ description: 'Signed: positive credits received, negative credits spent' }),
  balance_after: z.number().int().meta({ description: 'The balance this entry left' }),
});
export type TCreditEntry = z.infer<typeof ZCreditEntry>;

export const ZCreditHistoryAnswer = z.object({
  balance: z.number().int().meta({ description: "The member's current balance" }),
  entries: z.array(ZCreditEntry).meta({ description: 'Newest first' }),
  next_before: z.number().int().nullable().meta({ description: 'Pass as before for the next (older) page; null on the last page' }),
});
export type TCreditHistoryAnswer = z.infer<typeof ZCreditHistoryAnswer>;
