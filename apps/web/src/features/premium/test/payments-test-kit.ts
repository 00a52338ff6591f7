import type { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZDiscountCode, ZOrdersAnswer } from '@cupido/shared/contracts/payments';
import { ZDirectDebitAnswer } from '@cupido/shared/contracts/direct-debit';
import { stubApi, stubbedFetch, type StubAnswer } from '../../../test/api-stub';

/**
 * The issue 14 calls that API_ANSWERS (packages/shared/src/contracts/api-answers.ts) does not list yet,
 * with the contract of their success answer. Until it does, stubPaymentApi answers them here,
 * parsed the same way stubApi parses the listed ones; once listed, plain stubApi will do.
 */
const CONTRACTS: Record<string, z.ZodType> = {
  'GET /api/discountcode.php': ZDiscountCode,
  'GET /api/orders.php': ZOrdersAnswer,
  'POST /api/directdebit.php': ZDirectDebitAnswer,
};

type Handler = StubAnswer | ((body: unknown, url: URL) => StubAnswer);

/**
 * stubApi for every call, plus the calls of CONTRACTS. Answers of these that their contract
 * refuses are collected in `problems` (the test asserts it is empty): a throw inside fetch
 * would only become the client's network error. The spy records every call (sentBodies, sentQueries).
 */
export function stubPaymentApi(stubs: Record<string, Handler>) {
  const problems: string[] = [];
  const own = Object.fromEntries(Object.entries(stubs).filter(([key]) => key in CONTRACTS));
  const listed = Object.fromEntries(Object.entries(stubs).filter(([key]) => !(key in CONTRACTS)));
  const spy = stubApi(listed);
  spy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = own[key];
    if (!handler) return stubbedFetch(input, init);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = typeof handler === 'function' ? handler(body, url) : handler;
    const status = answer.status ?? 200;
    const parsed = (status >= 400 ? ZApiError : CONTRACTS[key]!).safeParse(answer.body ?? {});
    if (!parsed.success) problems.push(`${key} ${status}: ${parsed.error.message}`);
    return new Response(JSON.stringify(answer.body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { api: spy, problems };
}
