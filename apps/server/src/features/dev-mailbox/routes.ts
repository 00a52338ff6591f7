/**
 * GET /dev/mailbox (decisions 012, 035): without SMTP_URL the mailer writes every mail to
 * <DATA_DIR>/mail/*.eml; on a laptop this page lists them, newest first, with their links
 * clickable, so activation and reset links work without a mailbox. It is served only on a demo
 * server (loopback HOST, run-mode.ts) without an SMTP server, and only to a browser on this
 * machine: the client address (after TRUST_PROXY) must be a loopback address and the request
 * must not have come through a proxy (no forwarding header), since a proxy on the same machine
 * connects from 127.0.0.1 too. Anywhere else the mails may be real members' (and their links
 * are secrets), so it answers 404 like any unknown path. Server-rendered and escaped
 * throughout; registered before the web app so the SPA never answers for it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { isLoopbackAddress } from '../../run-mode';
import { escapeHtml as e } from '../accounts/account-mails';
import { parseEml, type ParsedMail } from './eml';

export interface DevMailboxOptions {
  /** A demo server (or the tests' app) without SMTP_URL: its module.ts decides. */
  enabled: boolean;
  dataDir: string;
}

/** The page shows the newest mails; a demo seldom has more. */
const MAX_MAILS = 200;

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** A browser on this machine, not a visitor relayed by a proxy that happens to run here. */
export function askedFromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.ip) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

async function readMails(dir: string): Promise<(ParsedMail & { file: string })[]> {
  let files: string[];
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  // File names start with the ISO time: sorting them sorts by time.
  files.sort().reverse();
  return Promise.all(
    files.slice(0, MAX_MAILS).map(async (file) => ({ file, ...parseEml(await fs.readFile(path.join(dir, file), 'utf8')) })),
  );
}

export function renderMailbox(mails: (ParsedMail & { file: string })[]): string {
  // A list rather than a table: on a phone long links wrap instead of covering each other.
  const rows = mails
    .map((m) => {
      const time = m.date ? m.date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '';
      const links = m.links.map((l) => `<li><a href="${e(l)}">${e(l)}</a></li>`).join('');
      // A notification mail's one-click unsubscribe, as a mail app sees it (issue 30).
      const unsubscribe = m.listUnsubscribe
        ? `<p class="meta list-unsubscribe">List-Unsubscribe: ${e(m.listUnsubscribe.address)}${m.listUnsubscribe.post ? ` · List-Unsubscribe-Post: ${e(m.listUnsubscribe.post)}` : ''}</p>`
        : '';
      return `<li class="mail"><p class="meta">${e(time)} · to ${e(m.to)}</p><p class="subject">${e(m.subject)}</p>${unsubscribe}<ul class="links">${links}</ul></li>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}#mailbox{list-style:none;padding:0}.mail{border-bottom:1px solid #ddd;padding:.75rem 0}.mail p{margin:0 0 .25rem}.meta{color:#555;font-size:.875rem}.subject{font-weight:600}.links{margin:0;padding-left:1.25rem}.links li{padding:.25rem 0}a{word-break:break-all}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mails written to the data directory because SMTP_URL is not set, newest first. Only served by a demo server, to a browser on the same machine.</p>
${mails.length === 0 ? '<p id="mailbox-empty">No mails yet.</p>' : `<ol id="mailbox">\n${rows}\n</ol>`}
</body>
</html>
`;
}

export async function devMailboxRoutes(app: FastifyInstance, options: DevMailboxOptions) {
  app.get('/dev/mailbox', { schema: { hide: true }, config: { withoutSite: true } }, async (request, reply) => {
    if (!options.enabled || !askedFromThisMachine(request)) throw new AppError(404, 'not_found', 'errors.not_found');
    const mails = await readMails(path.join(options.dataDir, 'mail'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderMailbox(mails));
  });
}
