/**
 * `npm run staff -- create --email … --role … [--name …] [--password …]` (issue 13): creates a staff
 * account from the command line, e.g. the first admin of an installation. Without --password a
 * random one is generated and printed once. The audit entry names no staff member (staffId null).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES } from '@cupido/shared/contracts/staff';
import { ZStaffCreateRequest } from '@cupido/shared/contracts/staff-access';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import { createStaffAccount } from './accounts';

export const STAFF_CLI_USAGE = `Usage: npm run staff -- create --email <address> --role <${STAFF_ROLES.join('|')}> [--name <name>] [--password <password>]`;

/** Answers the process exit code; writes what it did (or why not) through `print`. */
export async function runStaffCommand(db: Database, argv: string[], print: (line: string) => void, now = new Date()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    });
  } catch (error) {
    print(`${(error as Error).message}\n${STAFF_CLI_USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'create') {
    print(STAFF_CLI_USAGE);
    return 2;
  }
  const generated = values.password === undefined;
  const input = ZStaffCreateRequest.safeParse({
    email: values.email,
    role: values.role,
    name: values.name ?? values.email?.split('@')[0],
    password: values.password ?? randomBytes(18).toString('base64url'),
  });
  if (!input.success) {
    print(`${input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${STAFF_CLI_USAGE}`);
    return 2;
  }
  try {
    const staff = await createStaffAccount(db, input.data, null, now);
    print(`Created staff account #${staff.id}: ${staff.email} (${staff.role}). TOTP is set up at the first login at /admin.`);
    if (generated) print(`Password (shown only now): ${input.data.password}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'staff_email_taken') {
      print(`A staff account with the e-mail address ${input.data.email} already exists.`);
      return 1;
    }
    throw error;
  }
}
