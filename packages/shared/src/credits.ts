import { z } from 'zod';

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
