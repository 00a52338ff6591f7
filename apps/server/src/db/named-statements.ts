/**
 * On PostgreSQL, a statement text this process runs again and again becomes a named prepared
 * statement on each connection (decision 057): PostgreSQL then parses it once per connection and,
 * after a few runs, plans it once, where an unnamed statement is parsed and planned on every run.
 * A chat send runs about fifteen statements; parsing and planning them was most of PostgreSQL's
 * time per message (issue 32's chat bench), as it was for the like (db/prepared.ts, which names
 * chosen statements by hand; this names the rest).
 *
 * Only parameterised texts are named (values travel as parameters, so the text repeats), and
 * only once one was seen SEEN_BEFORE_NAMING times: a text with values written into it rarely
 * repeats and stays unnamed. Each connection names at most NAMES_PER_CONNECTION texts, which
 * bounds the server memory the plans take. The name is db/prepared.ts's, from the text, so a
 * statement named here and there is the same statement.
 *
 * A statement whose best plan depends on its values is never named (PLANNED_PER_CALL in its
 * text): after five runs PostgreSQL may keep a generic plan, chosen without the values. The
 * search's filters are such statements (decision 059): a radius count on 1,000,000 profiles took
 * 8 ms with its values' plan and 88 ms with the generic one, which read the wrong index.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { preparedName } from './statement-names';

/** The comment that keeps a statement unnamed, planned with its values on every call. */
export const PLANNED_PER_CALL = '/* planned per call */';
/** PLANNED_PER_CALL as a piece of a drizzle statement (a comment: it changes nothing else). */
export const plannedPerCall = sql.raw(PLANNED_PER_CALL);

export const SEEN_BEFORE_NAMING = 3;
export const NAMES_PER_CONNECTION = 300;
/** The texts counted at once; past this the counts start over (texts with inlined values would grow it without end). */
const TEXTS_COUNTED = 5_000;

const timesSeen = new Map<string, number>();

function seenOften(text: string): boolean {
  const count = (timesSeen.get(text) ?? 0) + 1;
  if (count > SEEN_BEFORE_NAMING) return true;
  if (timesSeen.size >= TEXTS_COUNTED) timesSeen.clear();
  timesSeen.set(text, count);
  return false;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
}

/** Names the pool's repeated statements, on every connection it opens from now on. */
export function nameRepeatedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const names = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      // A plain config only (text, values, types): a submittable (a cursor, a stream) is its own object.
      if (
        config !== null &&
        typeof config === 'object' &&
        !(config as QueryConfigLike).name &&
        typeof (config as { submit?: unknown }).submit !== 'function'
      ) {
        const { text } = config as QueryConfigLike;
        if (typeof text === 'string' && text.includes('$1') && !text.includes(PLANNED_PER_CALL) && seenOften(text)) {
          const name = preparedName(text);
          if (names.has(name) || names.size < NAMES_PER_CONNECTION) {
            names.add(name);
            return query({ ...config, name }, ...rest);
          }
        }
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}
