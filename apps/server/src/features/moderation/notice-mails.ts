/**
 * The moderation e-mails (issue 13), branded with the member's site and in their language, as
 * HTML and plain text, laid out like the account mails: the statement of reasons to the member a
 * decision concerns, the outcome to the reporter, and the outcome of an appeal. Every value that
 * goes into the HTML part is escaped (facts and notes are staff's free text).
 */
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { translate } from '../../i18n/translate';
import { escapeHtml, type MailSite, type RenderedMail } from '../accounts/account-mails';

export interface NoticeMailInput {
  locale: LocaleCode;
  site: MailSite;
  /** The member's profile name for the greeting ('' when unknown). */
  name: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A button with its link (the statement's appeal link). */
  action?: { label: string; link: string };
}

const DEFAULT_COLOR = '#d63384';
const safeColor = (color: string) => (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : DEFAULT_COLOR);

export function renderNoticeMail(input: NoticeMailInput): RenderedMail {
  if (input.action && !/^https?:\/\//i.test(input.action.link))
    throw new Error(`renderNoticeMail: not an http(s) link: ${input.action.link}`);
  const t = (key: string) =>
    translate(input.locale, `mail.${key}`, { name: input.name, site: input.site.name, support_email: input.site.supportEmail });
  const greeting = input.name ? t('greeting') : '';
  const signature = t('signature');
  const footer = t('footer');

  const textParts = [input.heading, greeting, ...input.paragraphs];
  if (input.action) textParts.push(`${input.action.label}:\n${input.action.link}`);
  textParts.push(signature, `--\n${footer}`);
  const text = `${textParts.filter((p) => p !== '').join('\n\n')}\n`;

  const e = escapeHtml;
  const color = safeColor(input.site.themeColor);
  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
  const p = `margin:0 0 16px;${font}font-size:16px;line-height:1.5;color:#212529;white-space:pre-line;`;
  const small = `margin:0;${font}font-size:13px;line-height:1.5;color:#6c757d;`;
  const button = input.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background-color:${color};">
<a href="${e(input.action.link)}" target="_blank" style="display:inline-block;padding:14px 28px;${font}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${e(input.action.label)}</a>
</td></tr></table>
<p style="${small}margin-bottom:16px;word-break:break-all;"><a href="${e(input.action.link)}" style="color:${color};">${e(input.action.link)}</a></p>\n`
    : '';
  const html = `<!DOCTYPE html>
<html lang="${e(input.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(input.subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background-color:${color};padding:20px 24px;${font}font-size:24px;font-weight:bold;color:#ffffff;">${e(input.site.logoText.trim() || input.site.name)}</td></tr>
<tr><td style="padding:32px 24px 8px;">
<h1 style="margin:0 0 24px;${font}font-size:22px;line-height:1.3;color:#212529;">${e(input.heading)}</h1>
${greeting ? `<p style="${p}">${e(greeting)}</p>\n` : ''}${input.paragraphs.map((x) => `<p style="${p}">${e(x)}</p>`).join('\n')}
${button}<p style="${p}margin-top:24px;">${e(signature)}</p>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e9ecef;"><p style="${small}">${e(footer)}<br>${e(input.site.domain)}</p></td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject: input.subject, text, html };
}
