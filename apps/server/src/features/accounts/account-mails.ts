/**
 * The account e-mails (activation, password reset, e-mail change, reactivation): branded with
 * the member's site, in the member's language, as HTML and as plain text. Texts come from the
 * server catalogues (`mail.*`); every interpolated value is escaped in the HTML part.
 */
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import { translate } from '../../i18n/translate';

export type AccountMailKind =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  | 'reactivation'
  // Security notices to the old address, with a "This was not me" link (decision 012).
  | 'email_changed'
  | 'password_changed';

export interface MailSite {
  name: string;
  domain: string;
  themeColor: string;
  logoText: string;
  supportEmail: string;
}

export interface AccountMailInput {
  kind: AccountMailKind;
  locale: LocaleCode;
  name: string;
  link: string;
  site: MailSite;
  /** How long the link works; for reactivation, how long until the account is erased. */
  expiresInHours: number;
  /** When the change happened (security notices), written in the member's language. */
  changedAt?: Date;
  /** The new login address (email_changed). */
  newEmail?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const DEFAULT_THEME_COLOR = '#d63384';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * "2 days", "5 Stunden", "14 dni": the language's own plural forms (Intl), so catalogues need
 * no plural keys. Whole days from 24 hours on, rounded down: a link never outlives the text.
 */
export function formatDuration(locale: LocaleCode, hours: number): string {
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
  const days = hours >= 24;
  const value = days ? Math.floor(hours / 24) : Math.max(1, Math.floor(hours));
  return new Intl.NumberFormat(iso, { style: 'unit', unit: days ? 'day' : 'hour', unitDisplay: 'long' }).format(value);
}

/** "23 November 2026 at 13:05 UTC": the server does not know the member's time zone, so it says UTC. */
export function formatWhen(locale: LocaleCode, date: Date): string {
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? locale;
  return new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';
}

/** The site's colour if it is a plain hex colour (it goes into a style attribute), else the default. */
export function safeColor(color: string): string {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : DEFAULT_THEME_COLOR;
}

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((d) => {
    const c = parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const DARK_TEXT = '#212529';

/** White or near-black button text, whichever contrasts more with the site's colour. */
export function textColorOn(hex: string): string {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return onWhite >= onDark ? '#ffffff' : DARK_TEXT;
}

interface Texts {
  subject: string;
  heading: string;
  greeting: string;
  body: string;
  button: string;
  validFor: string | null;
  note: string;
  linkFallback: string;
  signature: string;
  footer: string;
}

function texts(input: AccountMailInput): Texts {
  const params = {
    name: input.name,
    site: input.site.name,
    support_email: input.site.supportEmail,
    duration: formatDuration(input.locale, input.expiresInHours),
    when: input.changedAt ? formatWhen(input.locale, input.changedAt) : '',
    new_email: input.newEmail ?? '',
  };
  const t = (key: string) => translate(input.locale, `mail.${key}`, params);
  return {
    subject: t(`${input.kind}.subject`),
    heading: t(`${input.kind}.heading`),
    greeting: t('greeting'),
    body: t(`${input.kind}.body`),
    button: t(`${input.kind}.button`),
    // The reactivation body already says how long is left.
    validFor: input.kind === 'reactivation' ? null : t('valid_for'),
    note: t(`${input.kind}.note`),
    linkFallback: t('link_fallback'),
    signature: t('signature'),
    footer: t('footer'),
  };
}

function renderText(x: Texts, link: string): string {
  const parts = [x.heading, x.greeting, x.body, `${x.button}:\n${link}`, x.validFor, x.note, x.signature, `--\n${x.footer}`];
  return `${parts.filter((p) => p !== null).join('\n\n')}\n`;
}

function renderHtml(x: Texts, input: AccountMailInput): string {
  const e = escapeHtml;
  const color = safeColor(input.site.themeColor);
  const onColor = textColorOn(color);
  const link = e(input.link);
  const logo = e(input.site.logoText.trim() || input.site.name);
  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
  const p = `margin:0 0 16px;${font}font-size:16px;line-height:1.5;color:#212529;`;
  const small = `margin:0 0 12px;${font}font-size:13px;line-height:1.5;color:#6c757d;`;
  return `<!DOCTYPE html>
<html lang="${e(input.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(x.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background-color:${color};padding:20px 24px;${font}font-size:24px;font-weight:bold;color:${onColor};">${logo}</td></tr>
<tr><td style="padding:32px 24px 8px;">
<h1 style="margin:0 0 24px;${font}font-size:22px;line-height:1.3;color:#212529;">${e(x.heading)}</h1>
<p style="${p}">${e(x.greeting)}</p>
<p style="${p}">${e(x.body)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" style="border-radius:6px;background-color:${color};">
<a href="${link}" target="_blank" style="display:inline-block;padding:14px 28px;${font}font-size:16px;font-weight:bold;color:${onColor};text-decoration:none;border-radius:6px;">${e(x.button)}</a>
</td></tr>
</table>
${x.validFor === null ? '' : `<p style="${p}">${e(x.validFor)}</p>\n`}<p style="${small}">${e(x.linkFallback)}<br><a href="${link}" style="color:${color};word-break:break-all;">${link}</a></p>
<p style="${small}">${e(x.note)}</p>
<p style="${p}margin-top:24px;">${e(x.signature)}</p>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e9ecef;">
<p style="${small}margin:0;">${e(x.footer)}<br>${e(input.site.domain)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderAccountMail(input: AccountMailInput): RenderedMail {
  // Only web links go into an href: anything else is a bug upstream, not something to mail.
  if (!/^https?:\/\//i.test(input.link)) throw new Error(`renderAccountMail: not an http(s) link: ${input.link}`);
  const x = texts(input);
  return { subject: x.subject, text: renderText(x, input.link), html: renderHtml(x, input) };
}
