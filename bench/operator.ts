/**
 * The operator console's bench (issue 15), run by run.ts (BENCH_ONLY=operator runs only this):
 *
 * - the queue's latency: GET /admin/api/operator/queue with OPERATOR_BENCH_WAITING conversations
 *   waiting, p95 at most 20 ms with one connection on PostgreSQL (a latency case of run.ts);
 * - the claim race: OPERATOR_BENCH_OPERATORS operators, each with its own staff session, all claim
 *   the same conversations at the same moment (the same order, one call in flight each), then all
 *   try to answer the first SEND_RACE_CONVERSATIONS of them. Afterwards every conversation must be
 *   held by exactly one operator (read back through the answer screen), every 200 to a claim must
 *   have come from that holder, and exactly one answer per conversation must have gone, the
 *   holder's. Anything else counts as a conflict, and one conflict fails the bench.
 */
import { randomUUID } from 'node:crypto';
import { CLAIM_RACE_CONVERSATIONS, OPERATOR_BENCH_OPERATORS, OPERATOR_BENCH_WAITING, type OperatorBench } from './seed-operator';

const SEND_RACE_CONVERSATIONS = 20;
const n = (value: number) => value.toLocaleString('en');

export const OPERATOR_RACE_CASE = {
  name: `operator: ${OPERATOR_BENCH_OPERATORS} concurrent operators claiming and answering the same ${CLAIM_RACE_CONVERSATIONS} conversations`,
};

export function operatorQueueLatencyCase(bench: OperatorBench) {
  return {
    name: `GET /admin/api/operator/queue (${n(OPERATOR_BENCH_WAITING)} conversations waiting, operator console)`,
    paths: bench.queuePaths,
    targetP95Ms: 20,
    targetOn: 'postgres' as const,
    headers: { cookie: bench.operators[0]!.cookie },
  };
}

interface Outcome {
  status: number;
  /** The staff id the answer names as the holder (a claim's answer), when it names one. */
  holder: number | null;
}

/** Each operator goes through the conversations in order, one call at a time; all operators at once. */
async function race(
  bench: OperatorBench,
  ids: number[],
  call: (operator: OperatorBench['operators'][number], id: number) => Promise<Outcome>,
) {
  const outcomes = new Map<number, { staffId: number; outcome: Outcome }[]>(ids.map((id) => [id, []]));
  const started = performance.now();
  await Promise.all(
    bench.operators.map(async (operator) => {
      for (const id of ids) outcomes.get(id)!.push({ staffId: operator.staffId, outcome: await call(operator, id) });
    }),
  );
  return { outcomes, ms: performance.now() - started };
}

const tally = (outcomes: Map<number, { outcome: Outcome }[]>) => {
  const byStatus = new Map<number, number>();
  for (const list of outcomes.values())
    for (const { outcome } of list) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${n(count)}x ${status}`)
    .join(', ');
};

export async function operatorClaimRace(base: string, bench: OperatorBench): Promise<boolean> {
  const url = (id: number, rest: string) => `${base}/admin/api/operator/conversations/${id}/${rest}`;
  const ids = bench.raceConversationIds;

  const claims = await race(bench, ids, async (operator, id) => {
    const response = await fetch(url(id, 'claim'), { method: 'POST', headers: { cookie: operator.cookie } });
    const body = (await response.json().catch(() => null)) as { claim?: { staff_id?: number }; staff_id?: number } | null;
    return { status: response.status, holder: response.status === 200 ? (body?.claim?.staff_id ?? body?.staff_id ?? null) : null };
  });

  // Who holds each conversation now, as the answer screen shows it.
  const holders = new Map<number, number | null>();
  for (const id of ids) {
    const response = await fetch(`${base}/admin/api/operator/conversations/${id}`, { headers: { cookie: bench.operators[0]!.cookie } });
    const body = (await response.json()) as { claim?: { staff_id: number } | null };
    holders.set(id, response.status === 200 ? (body.claim?.staff_id ?? null) : null);
  }

  const sendIds = ids.slice(0, SEND_RACE_CONVERSATIONS);
  const sends = await race(bench, sendIds, async (operator, id) => {
    const response = await fetch(url(id, 'messages'), {
      method: 'POST',
      headers: { cookie: operator.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Lovely to hear from you! Tell me more about your day.', client_id: randomUUID() }),
    });
    await response.arrayBuffer();
    return { status: response.status, holder: null };
  });

  let conflicts = 0;
  let unexpected = 0;
  for (const id of ids) {
    const holder = holders.get(id) ?? null;
    const won = claims.outcomes.get(id)!.filter((o) => o.outcome.status === 200);
    // Held by exactly one operator, and every claim answered 200 was the holder's, naming the holder.
    if (holder === null) conflicts++;
    else if (won.some((o) => o.staffId !== holder || (o.outcome.holder !== null && o.outcome.holder !== holder))) conflicts++;
    unexpected += claims.outcomes.get(id)!.filter((o) => o.outcome.status !== 200 && o.outcome.status !== 409).length;
  }
  for (const id of sendIds) {
    const sent = sends.outcomes.get(id)!.filter((o) => o.outcome.status === 200);
    if (sent.length !== 1 || sent[0]!.staffId !== holders.get(id)) conflicts++;
    unexpected += sends.outcomes.get(id)!.filter((o) => o.outcome.status !== 200 && o.outcome.status !== 409).length;
  }
  const ok = conflicts === 0 && unexpected === 0;
  const claimCalls = ids.length * bench.operators.length;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${OPERATOR_RACE_CASE.name}: ${n(claimCalls)} claims in ${claims.ms.toFixed(0)} ms (${tally(claims.outcomes)}), ` +
      `${[...holders.values()].filter((h) => h !== null).length} of ${ids.length} conversations held; ` +
      `${n(sendIds.length * bench.operators.length)} answers to ${sendIds.length} of them in ${sends.ms.toFixed(0)} ms (${tally(sends.outcomes)}); ` +
      `conflicts ${conflicts} (target 0), unexpected answers ${unexpected}`,
  );
  return ok;
}
