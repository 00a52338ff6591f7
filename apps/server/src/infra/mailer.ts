/**
 * Outgoing mail. With SMTP_URL every mail goes to that SMTP server; without it (a demo, a
 * laptop) the complete MIME message is written to `<dataDir>/mail/<time>-<to>.eml` and its
 * links are logged, so activation and reset links can be followed from the console.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { maskedEmail } from '../plugins/log-safety';

export interface OutgoingMail {
  to: string;
  fromName: string;
  fromAddress: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** links in the mail, logged in file mode so a demo user can follow them */
  links: string[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of a notification mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  log: { info(obj: object, msg: string): void };
  /**
   * DKIM signing (DKIM_SELECTOR and DKIM_PRIVATE_KEY): every mail is signed for the domain of its
   * From address, i.e. the sending site's, with this selector and key; the DNS of each site's
   * domain publishes the public key under `<selector>._domainkey`.
   */
  dkim?: { selector: string; privateKey: string };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Transport options from SMTP_URL, in nodemailer's URL syntax:
 * - `smtps://host:465` connects with TLS from the first byte; `smtp://host:587` connects in
 *   plain text and upgrades with STARTTLS when the server offers it, but does not insist
 *   (add `?requireTLS=true` to insist, `?ignoreTLS=true` to never upgrade).
 * - Certificates are verified, except on a loopback host (a local relay or a test server with
 *   a self-signed certificate, where there is no network to intercept); `?tls.rejectUnauthorized=false`
 *   turns verification off for other hosts, at your own risk.
 * - Connections are pooled (up to 5, each reused for up to 100 mails): a queue of notification
 *   mails would otherwise open a connection, greet and upgrade to TLS for every single mail.
 *   `?pool=false` sends each mail on a connection of its own.
 * - Anything in the URL's query wins over these defaults.
 */
export function smtpTransportOptions(smtpUrl: string) {
  const fromUrl = parseConnectionUrl(smtpUrl);
  const host = typeof fromUrl.host === 'string' ? fromUrl.host : '';
  const loopback = LOOPBACK_HOSTS.has(host.toLowerCase());
  return {
    // A mail server that hangs must not hold a request (and its member) for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    ...fromUrl,
    tls: { ...(loopback ? { rejectUnauthorized: false } : {}), ...fromUrl.tls },
  };
}

function message(mail: OutgoingMail, dkim: MailerOptions['dkim']): Mail.Options {
  const domainName = mail.fromAddress.split('@')[1];
  return {
    from: { name: mail.fromName, address: mail.fromAddress },
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // RFC 3834: a machine sent this; out-of-office replies should not answer it.
    headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
    ...(dkim && domainName ? { dkim: { domainName, keySelector: dkim.selector, privateKey: dkim.privateKey } } : {}),
  };
}

/** '2026-03-10T10:00:00.000Z' + 'Sanne+x@example.com' -> '2026-03-10T10-00-00.000Z-sanne+x@example.com.eml' */
export function emlFileName(time: Date, to: string): string {
  const safeTo = to
    .toLowerCase()
    .replace(/[^a-z0-9@.+_-]/g, '_')
    .slice(0, 100);
  return `${time.toISOString().replace(/:/g, '-')}-${safeTo}.eml`;
}

function smtpMailer(smtpUrl: string, log: MailerOptions['log'], dkim: MailerOptions['dkim']): Mailer {
  const transport = nodemailer.createTransport(smtpTransportOptions(smtpUrl));
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail, dkim));
      // The links stay out of this log line: in SMTP mode they are secrets of the recipient. The
      // address is masked (issue 27): the message id finds the mail in the SMTP server's own log.
      log.info({ to: maskedEmail(mail.to), subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

function fileMailer(dataDir: string, log: MailerOptions['log'], dkim: MailerOptions['dkim']): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = path.join(dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail, dkim));
      await fs.mkdir(dir, { recursive: true });
      const base = emlFileName(new Date(), mail.to);
      // Two mails to one address within the same millisecond get -2, -3... rather than overwriting.
      for (let attempt = 1; ; attempt += 1) {
        const file = path.join(dir, attempt === 1 ? base : base.replace(/\.eml$/, `-${attempt}.eml`));
        try {
          await fs.writeFile(file, info.message as Buffer, { flag: 'wx' });
          log.info({ to: mail.to, subject: mail.subject, file, links: mail.links }, 'mail written');
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
        }
      }
    },
    async close() {
      transport.close();
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.log, options.dkim) : fileMailer(options.dataDir, options.log, options.dkim);
}
