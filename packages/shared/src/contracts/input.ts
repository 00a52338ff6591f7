import { z } from 'zod';

/**
 * Building blocks of every request contract (decision 023): free text that PostgreSQL can store
 * and that is real text, and integers that fit the database's int4 columns. A value outside them
 * is refused with a translated 400 before any service or query sees it.
 */

/** The largest value of a PostgreSQL `integer` (int4), the type of every id column. */
export const INT32_MAX = 2_147_483_647;

/** Error code (and issue code of the schemas) of text holding a NUL byte or a lone surrogate. */
export const INVALID_CHARACTERS = 'invalid_characters';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * NUL cannot be stored in PostgreSQL text (the query fails), and a lone UTF-16 surrogate is no
 * character at all (the driver would silently turn it into U+FFFD).
 */
export function hasInvalidCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * Free text of a request: at most `max` UTF-16 units (the bound the contract had before; the
 * services still trim and apply the spec's own limits with their field messages), no NUL byte,
 * no lone surrogate.
 */
export function zText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !hasInvalidCharacters(value), { error: INVALID_CHARACTERS, params: { code: INVALID_CHARACTERS } });
}

/** An id of a database row: a positive int4. */
export function zId() {
  return z.int32().positive();
}

/** Any other integer of a request: it must fit an int4 column (the services check the real range). */
export function zInt32() {
  return z.int32();
}
