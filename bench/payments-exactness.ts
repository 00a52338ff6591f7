/**
 * The payments bench's exactness check (issue 14), run by run.ts: 1,000 concurrent webhooks for
 * 100 payments, then each payment's credits checked to be posted exactly once.
 */
import { EXACTNESS_DELIVERIES_EACH, type PaymentsBench } from './seed-payments';

/**
 * 1,000 concurrent webhooks for 100 payments (each delivered ten times: five notifications, each
 * twice, all shuffled), then through the members' own calls: every payment is paid, and each
 * member's ledger holds exactly one purchase entry per payment, adding up to its credits.
 */
export async function webhookExactness(base: string, bench: PaymentsBench): Promise<boolean> {
  const deliveries = bench.exactness.flatMap((p) =>
    Array.from({ length: EXACTNESS_DELIVERIES_EACH }, (_, k) => ({ payment_id: p.sandboxId, event_id: `exact_${p.sandboxId}_${k % 5}` })),
  );
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  // All at once, through IN_FLIGHT connections (1,000 sockets at once would overflow the listen backlog).
  const started = performance.now();
  const answers: number[] = [];
  let next = 0;
  const sender = async () => {
    for (let i = next++; i < deliveries.length; i = next++) {
      const r = await fetch(`${base}/api/payment-webhook/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(deliveries[i]),
      });
      await r.arrayBuffer();
      answers.push(r.status);
    }
  };
  await Promise.all(Array.from({ length: EXACTNESS_IN_FLIGHT }, sender));
  const answeredMs = performance.now() - started;
  const refused = answers.filter((status) => status !== 200).length;

  const status = async (p: PaymentsBench['exactness'][number]) => {
    const r = await fetch(`${base}/api/transaction.php?domain=localhost&id=${p.paymentId}`, {
      headers: { cookie: bench.memberCookies[p.member]! },
    });
    return ((await r.json()) as { status: string }).status;
  };
  const deadline = Date.now() + 120_000;
  let unpaid = bench.exactness.length;
  while (Date.now() < deadline) {
    unpaid = (await Promise.all(bench.exactness.map(status))).filter((s) => s !== 'paid').length;
    if (unpaid === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const settledMs = performance.now() - started;
  // Processing is over once all are paid; a moment more for any straggling replay to have had its chance to post twice.
  await new Promise((r) => setTimeout(r, 1_000));

  let wrongMembers = 0;
  let entries = 0;
  let credits = 0;
  for (let member = 0; member < bench.memberCookies.length; member++) {
    const own = bench.exactness.filter((p) => p.member === member);
    const history = (await (
      await fetch(`${base}/api/credits-history.php?domain=localhost&limit=100`, { headers: { cookie: bench.memberCookies[member]! } })
    ).json()) as { balance: number; entries: { kind: string; amount: number }[] };
    const purchases = history.entries.filter((e) => e.kind === 'purchase');
    const expected = own.reduce((sum, p) => sum + p.credits, 0);
    entries += purchases.length;
    credits += purchases.reduce((sum, e) => sum + e.amount, 0);
    if (purchases.length !== own.length || history.balance !== expected || purchases.reduce((sum, e) => sum + e.amount, 0) !== expected)
      wrongMembers++;
  }
  const expectedCredits = bench.exactness.reduce((sum, p) => sum + p.credits, 0);
  const ok = refused === 0 && unpaid === 0 && wrongMembers === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${deliveries.length.toLocaleString('en')} concurrent webhooks for ${bench.exactness.length} payments (each ${EXACTNESS_DELIVERIES_EACH}x, shuffled, ${EXACTNESS_IN_FLIGHT} in flight): ` +
      `all answered in ${answeredMs.toFixed(0)} ms (${refused} refused), all settled after ${settledMs.toFixed(0)} ms (${unpaid} not paid, ` +
      `${((bench.exactness.length * 1000) / settledMs).toFixed(0)} payments settled a second); ` +
      `ledger: ${entries} purchase entries (expected ${bench.exactness.length}), ${credits.toLocaleString('en')} credits (expected ${expectedCredits.toLocaleString('en')}), ${wrongMembers} members off`,
  );
  return ok;
}
const EXACTNESS_IN_FLIGHT = 100;
export const EXACTNESS_CASE = { name: 'payments: 1,000 concurrent webhooks for 100 payments, credits exactly once' };
