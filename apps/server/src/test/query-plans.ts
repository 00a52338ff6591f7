/**
 * EXPLAIN for the plan tests (search, likes, matching): the plan of a query as a tree, flattened,
 * and described for a failing assertion's message. Plans are read, never run.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/open';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan PostgreSQL (or PGlite) would run `query` with. */
export async function planOf(db: Pick<Database, 'execute'>, query: { getSQL(): SQL }): Promise<PlanNode> {
  const result = (await db.execute(sql`explain (format json) ${query.getSQL()}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  // node-postgres parses the JSON column; PGlite hands it over as text.
  const cell = result.rows[0]!['QUERY PLAN'];
  return (typeof cell === 'string' ? JSON.parse(cell) : cell)[0].Plan;
}

/** Every node of the plan, the root first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The plan's shape (node types, relations, indexes), for an assertion's message. */
export function describePlan(root: PlanNode): string {
  return JSON.stringify(root, ['Node Type', 'Relation Name', 'Index Name', 'Plans'], 1);
}
