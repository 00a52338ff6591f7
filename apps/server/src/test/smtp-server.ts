/**
 * A real SMTP server in the test process (smtp-server on 127.0.0.1, a free port), so tests send
 * mail through the production SMTP path and read what a member would receive.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lowercased. */
  to: string[];
  /** The address in the From header. */
  from: string;
  /** The display name in the From header ('' when there is none). */
  fromName: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text part, in order, without duplicates. */
  links: string[];
  /** Every header as it came, by lower-case name (e.g. list-unsubscribe, dkim-signature). */
  headers: Map<string, string>;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for the mailer's smtpUrl. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` (already received or still to come) that matches; rejects after timeoutMs (default 5000). */
  waitForMail(to: string, predicate?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s<>"'()[\]]+/g;

export function linksIn(text: string): string[] {
  // A sentence may end right after a link: a trailing full stop or comma is not part of it.
  return [...new Set([...text.matchAll(URL_PATTERN)].map((m) => m[0].replace(/[.,;:!?]+$/, '')))];
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): { address: string; name: string } {
  const first = (Array.isArray(field) ? field[0] : field)?.value[0];
  return { address: first?.address ?? '', name: first?.name ?? '' };
}

interface Waiter {
  matches(mail: ReceivedMail): boolean;
  resolve(mail: ReceivedMail): void;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();

  const server = new SMTPServer({
    secure: false,
    // Plain text only: the client must not try to upgrade to TLS with a certificate we lack.
    disabledCommands: ['STARTTLS'],
    // Credentials in the URL are accepted whatever they are; none are needed.
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const from = firstAddress(parsed.from);
          const text = parsed.text ?? '';
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: from.address,
            fromName: from.name,
            subject: parsed.subject ?? '',
            text,
            html: parsed.html || '',
            links: linksIn(text),
            headers: new Map(
              parsed.headerLines.map((line) => [
                line.key,
                line.line
                  .slice(line.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          // Stored before the client hears "250 OK", so a mail is here once send() resolves.
          mails.push(mail);
          for (const waiter of waiters) {
            if (waiter.matches(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors after start (a client hanging up mid-mail) are the client's business, not a crash.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(to, predicate, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const matches = (m: ReceivedMail) => m.to.includes(address) && (predicate?.(m) ?? true);
      const already = mails.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          matches,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const received = mails.map((m) => `  to ${m.to.join(', ')}: "${m.subject}"`).join('\n') || '  (none)';
          reject(new Error(`No mail to ${to}${predicate ? ' matching the predicate' : ''} within ${timeoutMs} ms. Received:\n${received}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
