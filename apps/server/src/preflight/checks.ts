/**
 * What a production server must not start with (decision 035), one problem per finding, each
 * naming the variable to set. main.ts refuses to start on any of `startProblems` (before opening
 * the database) and `databaseProblems` (after migrating, before anything is served);
 * `npm run preflight` (cli.ts) prints those and `operationsProblems` without starting a server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/open';
import { memberEmailsWithPassword } from '../features/accounts/for-preflight';
import { activeStaffEmails } from '../features/staff/for-preflight';
import { createPhotoStorage } from '../infra/photo-storage';
import { DEMO_MEMBER } from '../seed/demo-member';
import { DEMO_ADMIN } from '../seed/demo-staff';

export interface Problem {
  /** The variable that fixes it (or DATABASE_URL for what the database holds). */
  variable: string;
  message: string;
}

export type StartConfig = Pick<
  Config,
  'seedDemoRequested' | 'demoStaffTotpSecretSet' | 'payments' | 'paymentSandboxAllowed' | 'smtpUrl' | 'publicOrigin'
>;

/** The configuration's problems in production; none of them needs the database. */
export function startProblems(config: StartConfig): Problem[] {
  const problems: Problem[] = [];
  if (config.seedDemoRequested) {
    problems.push({
      variable: 'SEED_DEMO',
      message: `SEED_DEMO=1 would create the demo accounts (${DEMO_ADMIN.email}, ${DEMO_MEMBER.email}) whose passwords are published in the README: remove SEED_DEMO or set SEED_DEMO=0.`,
    });
  }
  if (config.demoStaffTotpSecretSet) {
    problems.push({
      variable: 'DEMO_STAFF_TOTP_SECRET',
      message: 'DEMO_STAFF_TOTP_SECRET gives the demo admin a second factor anyone can compute: unset DEMO_STAFF_TOTP_SECRET.',
    });
  }
  if (config.payments.provider === 'sandbox' && !config.paymentSandboxAllowed) {
    problems.push({
      variable: 'PAYMENT_PROVIDER',
      message:
        'PAYMENT_PROVIDER is the sandbox, whose test checkout lets every payer mark a payment as paid (free credits, premium for life): set PAYMENT_PROVIDER=paynl with PAYNL_TOKEN_CODE, PAYNL_API_TOKEN and PAYNL_SERVICE_ID, or PAYMENT_SANDBOX=1 for a staging site (every page then shows a TEST banner).',
    });
  }
  if (!config.smtpUrl) {
    problems.push({
      variable: 'SMTP_URL',
      message:
        'SMTP_URL is not set, so activation, password reset and receipt mails would only be written to the data directory: set SMTP_URL, e.g. smtp://user:pass@mail.example.com:587.',
    });
  }
  if (config.publicOrigin.scheme !== 'https') {
    problems.push({
      variable: 'PUBLIC_SCHEME',
      message:
        'PUBLIC_SCHEME is http, so mailed links and the Origin check would use plain http: serve the sites through TLS and set PUBLIC_SCHEME=https (or leave it unset).',
    });
  }
  return problems;
}

/** Whether the database holds accounts of the demo seed, whose passwords anyone can read in the README. */
export async function databaseProblems(db: Database): Promise<Problem[]> {
  const known = [...(await activeStaffEmails(db, [DEMO_ADMIN.email])), ...(await memberEmailsWithPassword(db, [DEMO_MEMBER.email]))];
  if (known.length === 0) return [];
  return [
    {
      variable: 'DATABASE_URL',
      message: `The database holds the demo seed's accounts (${known.join(', ')}), whose passwords are published in the README: disable or delete them, or point DATABASE_URL at a database that was never seeded as a demo.`,
    },
  ];
}

export type OperationsConfig = Pick<Config, 'metricsToken' | 'trustProxy' | 'photoS3' | 'dataDir'>;

/**
 * What `npm run preflight` checks beyond the start guard: things a production server can run
 * without, but that an operator needs (monitoring, real client addresses, a photo store that
 * takes files).
 */
export async function operationsProblems(config: OperationsConfig): Promise<Problem[]> {
  const problems: Problem[] = [];
  if (!config.metricsToken) {
    problems.push({
      variable: 'METRICS_TOKEN',
      message:
        'METRICS_TOKEN is not set, so /metrics is off and nothing can watch the servers: set METRICS_TOKEN to a secret of at least 16 characters.',
    });
  }
  if (config.trustProxy === false) {
    problems.push({
      variable: 'TRUST_PROXY',
      message:
        "TRUST_PROXY is 0, but https needs a TLS proxy in front of the server: without trusting it, every member shares the proxy's address (rate limits, logs, consents). Set TRUST_PROXY to its hops (1) or its addresses.",
    });
  }
  const photoProblem = await photoStorageProblem(config);
  if (photoProblem) problems.push(photoProblem);
  return problems;
}

/** Stores and removes a small file where member photos go: the check is the real adapter doing its job. */
async function photoStorageProblem(config: OperationsConfig): Promise<Problem | null> {
  const variable = config.photoS3 ? 'PHOTO_S3_BUCKET' : 'DATA_DIR';
  const where = config.photoS3 ? `the bucket ${config.photoS3.bucket} at ${config.photoS3.endpoint}` : path.join(config.dataDir, 'photos');
  try {
    if (!config.photoS3) await fs.mkdir(path.join(config.dataDir, 'photos'), { recursive: true });
    const storage = createPhotoStorage({ dataDir: config.dataDir, s3: config.photoS3 });
    const key = `preflight/check-${process.pid}-${Date.now()}.txt`;
    await storage.put(key, Buffer.from('preflight'), 'text/plain');
    await storage.delete(key);
    return null;
  } catch (error) {
    return {
      variable,
      message: `Photos cannot be stored in ${where} (${(error as Error).message}): fix ${config.photoS3 ? 'the PHOTO_S3_* settings or the bucket' : 'DATA_DIR or its permissions'}.`,
    };
  }
}

/** One line per problem, as the start log and the preflight print them. */
export function describeProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `- ${p.variable}: ${p.message}`).join('\n');
}
