/**
 * The demo's mailbox: without SMTP_URL the server writes every mail to <DATA_DIR>/mail/*.eml,
 * exactly what a person trying the demo follows. Scenarios read the links from there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from '../playwright.config';

export interface Mail {
  file: string;
  subject: string;
  text: string;
  links: string[];
  /** A notification mail's List-Unsubscribe address (RFC 8058), without the angle brackets; null for other mails. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

const mailDir = () => path.join(E2E_DATA_DIR, 'mail');

async function mailsTo(address: string): Promise<Mail[]> {
  if (!fs.existsSync(mailDir())) return [];
  const safe = address.toLowerCase();
  const files = fs
    .readdirSync(mailDir())
    .filter((name) => name.endsWith('.eml') && name.includes(safe))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const parsed = await simpleParser(fs.readFileSync(path.join(mailDir(), name)));
      const text = parsed.text ?? '';
      // Raw header lines, as a mail app reads them (folded lines joined).
      const header = (key: string) =>
        parsed.headerLines
          .find((line) => line.key === key)
          ?.line.replace(/^[^:]*:\s*/, '')
          .replace(/\r?\n\s+/g, '') ?? null;
      const unsubscribe = header('list-unsubscribe');
      return {
        file: name,
        subject: parsed.subject ?? '',
        text,
        links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
        listUnsubscribe: unsubscribe ? unsubscribe.replace(/^<|>$/g, '') : null,
        listUnsubscribePost: header('list-unsubscribe-post'),
      };
    }),
  );
}

/** Waits for the n-th mail (1-based) to an address and answers it. */
export async function nthMailTo(address: string, n: number, timeout = 10_000): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, { message: `mail #${n} to ${address}`, timeout })
    .toBeGreaterThanOrEqual(n);
  return mails[n - 1]!;
}

export async function mailCount(address: string): Promise<number> {
  return (await mailsTo(address)).length;
}

/** The path and query of the mail's link starting with `pathPrefix`, to open on the test server. */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname.startsWith(pathPrefix));
  expect(link, `no ${pathPrefix} link in ${mail.file}`).toBeDefined();
  return link!.pathname + link!.search;
}
