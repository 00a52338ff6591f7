/**
 * The receipt mail of a paid payment, in the member's language, as plain text and simple HTML:
 * what was bought, the invoice number and date, the price with the VAT shown apart, the member's
 * consent that delivery started at once (which ended the 14-day withdrawal right) and the
 * seller's company details. Every value in the HTML part is escaped.
 */
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { LOCALES } from '@cupido/shared/rules/locales';
import { translate } from '../../../i18n/translate';
import { escapeHtml, formatWhen, type MailSite, type RenderedMail } from '../../accounts/account-mails';
import { formatMoney, formatRate } from '../../discounts/money';

export interface ReceiptFacts {
  invoiceNumber: string;
  paidAt: Date;
  credits: number;
  currency: string;
  /** Paid, VAT included (minor units). */
  amount: number;
  vatRateBp: number;
  vatAmount: number;
  discountPercentage: number;
  withdrawalConsentAt: Date;
}

export interface ReceiptSeller {
  name: string;
  address: string;
  city: string;
  /** ISO country code, written out in the member's language. */
  country: string;
  kvk: string;
  vatNumbers: string[];
}

export interface ReceiptMailInput {
  locale: LocaleCode;
  site: MailSite;
  receipt: ReceiptFacts;
  seller: ReceiptSeller;
}

const DEFAULT_COLOR = '#d63384';
const safeColor = (color: string) => (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : DEFAULT_COLOR);

/** "120 credits", "120 kredytów": the language's plural form of the number (Intl.PluralRules). */
function creditsText(locale: LocaleCode, credits: number): string {
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? 'en-GB';
  const category = new Intl.PluralRules(iso).select(credits);
  const form = category === 'one' || category === 'few' || category === 'many' ? category : 'other';
  return translate(locale, `mail.receipt.credits_${form}`, { count: credits });
}

function countryName(locale: LocaleCode, code: string): string {
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? 'en-GB';
  try {
    return new Intl.DisplayNames([iso], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The receipt's lines as label and value, in order. */
function receiptLines(input: ReceiptMailInput, t: (key: string, params?: Record<string, string | number>) => string): [string, string][] {
  const r = input.receipt;
  const money = (minor: number) => formatMoney(input.locale, minor, r.currency);
  const lines: [string, string][] = [
    [t('invoice_number'), r.invoiceNumber],
    [t('date'), formatWhen(input.locale, r.paidAt)],
    [t('package'), creditsText(input.locale, r.credits)],
  ];
  if (r.discountPercentage > 0) lines.push([t('discount'), `${r.discountPercentage}%`]);
  lines.push([t('net'), money(r.amount - r.vatAmount)]);
  lines.push(r.vatRateBp > 0 ? [t('vat', { rate: formatRate(input.locale, r.vatRateBp) }), money(r.vatAmount)] : [t('vat_none'), money(0)]);
  lines.push([t('total'), money(r.amount)]);
  return lines;
}

export function renderReceiptMail(input: ReceiptMailInput): RenderedMail {
  const { site, seller, receipt } = input;
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(input.locale, `mail.receipt.${key}`, { site: site.name, support_email: site.supportEmail, ...params });
  const common = (key: string) => translate(input.locale, `mail.${key}`, { site: site.name, support_email: site.supportEmail });

  const subject = t('subject', { invoice: receipt.invoiceNumber });
  const heading = t('heading');
  const intro = t('intro', { credits: creditsText(input.locale, receipt.credits) });
  const lines = receiptLines(input, t);
  const withdrawal = t('withdrawal', { when: formatWhen(input.locale, receipt.withdrawalConsentAt) });
  const sellerLines = [
    seller.name,
    seller.address,
    `${seller.city}, ${countryName(input.locale, seller.country)}`,
    t('kvk', { kvk: seller.kvk }),
    ...(seller.vatNumbers.length > 0 ? [t('vat_numbers', { numbers: seller.vatNumbers.join(', ') })] : []),
  ];
  const questions = t('questions');
  const signature = common('signature');
  const footer = common('footer');

  const text = `${[
    heading,
    intro,
    lines.map(([label, value]) => `${label}: ${value}`).join('\n'),
    withdrawal,
    `${t('seller')}:\n${sellerLines.join('\n')}`,
    questions,
    signature,
    `--\n${footer}`,
  ].join('\n\n')}\n`;

  const e = escapeHtml;
  const color = safeColor(site.themeColor);
  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
  const p = `margin:0 0 16px;${font}font-size:16px;line-height:1.5;color:#212529;`;
  const small = `margin:0;${font}font-size:13px;line-height:1.5;color:#6c757d;`;
  const cell = `padding:6px 0;${font}font-size:15px;color:#212529;border-bottom:1px solid #e9ecef;`;
  const rows = lines
    .map(([label, value], i) => {
      // The last line is the total paid.
      const weight = `font-weight:${i === lines.length - 1 ? 'bold' : 'normal'};`;
      return `<tr><th scope="row" align="left" style="${cell}${weight}">${e(label)}</th><td align="right" style="${cell}${weight}">${e(value)}</td></tr>`;
    })
    .join('\n');
  const html = `<!DOCTYPE html>
<html lang="${e(input.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background-color:${color};padding:20px 24px;${font}font-size:24px;font-weight:bold;color:#ffffff;">${e(site.logoText.trim() || site.name)}</td></tr>
<tr><td style="padding:32px 24px 8px;">
<h1 style="margin:0 0 24px;${font}font-size:22px;line-height:1.3;color:#212529;">${e(heading)}</h1>
<p style="${p}">${e(intro)}</p>
<table cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 24px;border-collapse:collapse;">
${rows}
</table>
<p style="${p}">${e(withdrawal)}</p>
<p style="${p}"><strong>${e(t('seller'))}</strong><br>${sellerLines.map(e).join('<br>')}</p>
<p style="${p}">${e(questions)}</p>
<p style="${p}margin-top:24px;">${e(signature)}</p>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e9ecef;"><p style="${small}">${e(footer)}<br>${e(site.domain)}</p></td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}
