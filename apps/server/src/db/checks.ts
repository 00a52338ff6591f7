/**
 * CHECK constraints built from the shared lists and limits (decision 020), so the database
 * refuses a value the contracts would refuse. Each list or limit lives once in packages/shared;
 * changing one changes schema.ts, and `npm run db:generate` writes the migration that follows.
 */
import { sql } from 'drizzle-orm';
import { check, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A SQL string literal of a constant from our own code (quotes doubled all the same). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const number = (value: number) => sql.raw(String(Math.trunc(value)));

/** The column holds one of `values`; NULL passes (whether it may be NULL is NOT NULL's business). */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} IN (${sql.raw(values.map(literal).join(', '))})`);
}

/**
 * A site setting whose values the spec leaves open ("anything else means off"): one lower-case
 * word, so a blank or mistyped value is refused rather than read as "off".
 */
export function settingWord(name: string, column: AnyPgColumn) {
  return check(name, sql`${column} ~ '^[a-z][a-z_]{0,39}$'`);
}

/** A JSON array column whose elements are all among `values`. */
export function arrayOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`jsonb_typeof(${column}) = 'array' AND ${column} <@ ${sql.raw(literal(JSON.stringify(values)))}::jsonb`);
}

/** At most `max` characters (code points, which never outnumber the UTF-16 units the server counts). */
export function maxLength(name: string, column: AnyPgColumn, max: number) {
  return check(name, sql`char_length(${column}) <= ${number(max)}`);
}

export function notNegative(name: string, column: AnyPgColumn) {
  return check(name, sql`${column} >= 0`);
}

export function between(name: string, column: AnyPgColumn, min: number, max: number) {
  return check(name, sql`${column} BETWEEN ${number(min)} AND ${number(max)}`);
}

/**
 * A site's auto-like rules (issue 11): an object with a boolean `enabled`, whole non-negative
 * `max_per_day` and `min_minutes_between`, and `after_events` from the known list. The CASEs keep
 * a wrong type from raising a cast error instead of failing the check; the coalesce makes a
 * missing key (NULL, which a CHECK lets pass) fail it.
 */
export function autoLikeRules(name: string, column: AnyPgColumn, events: readonly string[]) {
  const wholeNotNegative = (key: string) =>
    sql`CASE WHEN jsonb_typeof(${column} -> ${sql.raw(literal(key))}) = 'number' THEN (${column} ->> ${sql.raw(literal(key))})::numeric >= 0 AND (${column} ->> ${sql.raw(literal(key))})::numeric = trunc((${column} ->> ${sql.raw(literal(key))})::numeric) ELSE false END`;
  return check(
    name,
    sql`coalesce(jsonb_typeof(${column}) = 'object' AND jsonb_typeof(${column} -> 'enabled') = 'boolean' AND ${wholeNotNegative('max_per_day')} AND ${wholeNotNegative('min_minutes_between')} AND jsonb_typeof(${column} -> 'after_events') = 'array' AND (${column} -> 'after_events') <@ ${sql.raw(literal(JSON.stringify(events)))}::jsonb, false)`,
  );
}
