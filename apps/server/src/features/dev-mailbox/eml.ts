/**
 * Just enough of MIME to list the mails the file mailer writes (nodemailer's own output): the
 * To, Subject and Date headers (RFC 2047 words decoded) and the links of the text part
 * (quoted-printable or base64). Not a general mail parser; it only ever reads our own files.
 */
export interface ParsedMail {
  to: string;
  subject: string;
  date: Date | null;
  links: string[];
  /** The List-Unsubscribe and List-Unsubscribe-Post headers of a notification mail (RFC 8058), as sent. */
  listUnsubscribe: { address: string; post: string | null } | null;
}

function splitHead(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0 ? [raw, ''] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
}

function headers(head: string): Map<string, string> {
  const map = new Map<string, string>();
  // Folded lines continue the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeBytes(bytes);
}

/** %XX escapes and plain characters -> UTF-8 text (malformed sequences kept as they are). */
function decodeBytes(escaped: string): string {
  try {
    return decodeURIComponent(escaped.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return escaped;
  }
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words; adjacent words join without the space between. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function textPart(head: Map<string, string>, body: string): string {
  const type = head.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
      const h = headers(partHead);
      if ((h.get('content-type') ?? '').toLowerCase().startsWith('text/plain')) return textPart(h, partBody);
    }
    return '';
  }
  const encoding = (head.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

export function parseEml(raw: string): ParsedMail {
  const [head, body] = splitHead(raw);
  const h = headers(head);
  const date = h.get('date') ? new Date(h.get('date')!) : null;
  const text = textPart(h, body);
  const links = [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  return {
    to: decodeWords(h.get('to') ?? ''),
    subject: decodeWords(h.get('subject') ?? ''),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    links,
    listUnsubscribe: h.has('list-unsubscribe')
      ? { address: h.get('list-unsubscribe')!, post: h.get('list-unsubscribe-post') ?? null }
      : null,
  };
}
