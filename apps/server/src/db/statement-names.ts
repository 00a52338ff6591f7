/**
 * The name of a prepared statement, from its text (db/prepared.ts names chosen statements,
 * db/named-statements.ts repeated ones: the same text gets the same name in both). Every variant
 * of a text gets its own name and no two texts ever share one (node-postgres refuses that).
 */
import { createHash } from 'node:crypto';

const names = new Map<string, string>();
/** At most this many texts are remembered with their names; beyond, names are hashed again (same result). */
const NAMES_KEPT = 1_000;

export function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < NAMES_KEPT) names.set(text, name);
  }
  return name;
}
