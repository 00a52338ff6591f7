/**
 * Helpers for the postbacks tests: a local HTTP double that counts the calls it gets and answers
 * with the statuses it is told, and the back office's calls with a staff cookie.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import type { AccountsTestApp } from '../../../test/accounts-kit';
import { moderationKit } from '../../moderation/test/moderation-test-kit';

export interface PostbackDouble {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The path and query of every call received, in order. */
  calls: string[];
  /** The statuses of the next answers (then 200 again). */
  answerNext(...statuses: number[]): void;
  /**
   * The status of the next answer to a call whose path and query start with `prefix`; other calls
   * are not affected. For tests where another test's late retry may reach the double first.
   */
  answerNextFor(prefix: string, status: number): void;
  close(): Promise<void>;
}

export async function startPostbackDouble(): Promise<PostbackDouble> {
  const calls: string[] = [];
  const queued: { status: number; prefix: string }[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    calls.push(url);
    const next = queued.findIndex(({ prefix }) => url.startsWith(prefix));
    const status = next === -1 ? 200 : queued.splice(next, 1)[0]!.status;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status === 200 ? 'OK' : `error ${status} ${'x'.repeat(600)}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    answerNext: (...statuses) => void queued.push(...statuses.map((status) => ({ status, prefix: '' }))),
    answerNextFor: (prefix, status) => void queued.push({ status, prefix }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function postbackStaffKit(t: AccountsTestApp) {
  const kit = moderationKit(t);
  const staff = (role: TStaffRole = 'admin') => kit.staff(role);
  type Staff = Awaited<ReturnType<typeof staff>>;
  const asStaff = (who: Staff | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(who ? { cookies: who.cookies } : {}),
      ...(payload ? { payload } : {}),
    });
  return { ...kit, staff, asStaff };
}
