/**
 * The sandbox's test checkout page (issue 14): small server-rendered HTML, every value escaped,
 * in the member's language, usable at 375 px and by keyboard. It says plainly that it is a test
 * page and that no money moves. Four real submit buttons in one form choose the outcome.
 */
import { LOCALE_CODES, LOCALE_COOKIE, isLocaleCode, toLocaleCode, type LocaleCode } from '@cupido/shared/rules/locales';
import type { FastifyRequest } from 'fastify';
import { translate } from '../../../i18n/translate';
import type { SandboxPayment } from './sandbox';

/** The outcomes a person can choose, in the page's order. */
export const SANDBOX_CHOICES = ['paid', 'failed', 'cancelled', 'pending'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The member's language: the site's language cookie, else the browser's Accept-Language, else the site's. */
export function pageLocale(request: FastifyRequest): LocaleCode {
  if (isLocaleCode(request.cookies?.[LOCALE_COOKIE])) return request.locale;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    const tags = header
      .split(',')
      .map((part) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag: tag!, q: q ? Number(q.slice(2)) || 0 : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { tag } of tags) {
      const code = toLocaleCode(tag);
      if (code && (LOCALE_CODES as readonly string[]).includes(code)) return code;
    }
  }
  return request.locale;
}

function money(locale: LocaleCode, amount: number, currency: string): string {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function renderSandboxPage(payment: SandboxPayment, locale: LocaleCode): string {
  const t = (key: string, params: Record<string, string | number> = {}) => escapeHtml(translate(locale, `sandbox.${key}`, params));
  const open = payment.status === 'open' || payment.status === 'pending';
  const buttons = SANDBOX_CHOICES.map(
    (choice) => `<button type="submit" name="status" value="${choice}" class="${choice}">${t(`choice_${choice}`)}</button>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="${locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${t('title')}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; background: #f4f4f6; color: #1b1b1f; }
    main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 4px rgba(0,0,0,.1); }
    .badge { display: inline-block; background: #8a4b00; color: #fff; border-radius: 6px; padding: 2px 8px; font-size: .85rem; font-weight: 600; }
    h1 { font-size: 1.35rem; margin: 12px 0 8px; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 16px 0; }
    dt { font-weight: 600; }
    dd { margin: 0; overflow-wrap: anywhere; }
    fieldset { border: 0; padding: 0; margin: 0; display: grid; gap: 10px; }
    legend { font-weight: 600; margin-bottom: 8px; }
    button { font: inherit; font-size: 1rem; min-height: 44px; border-radius: 8px; border: 2px solid #1b1b1f; background: #fff; color: #1b1b1f; cursor: pointer; }
    button.paid { background: #0b6b2e; border-color: #0b6b2e; color: #fff; }
    button:focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <p class="badge">${t('badge')}</p>
    <h1>${t('title')}</h1>
    <p>${t('explanation')}</p>
    <dl>
      <dt>${t('amount')}</dt><dd>${escapeHtml(money(locale, payment.amount, payment.currency))}</dd>
      <dt>${t('method')}</dt><dd>${escapeHtml(payment.method)}</dd>
      <dt>${t('description')}</dt><dd>${escapeHtml(payment.description)}</dd>
      <dt>${t('status')}</dt><dd>${escapeHtml(payment.status)}</dd>
    </dl>
    ${
      open
        ? `<form method="post" action="/sandbox/checkout/${escapeHtml(payment.id)}">
      <fieldset>
        <legend>${t('choose')}</legend>
        ${buttons}
      </fieldset>
    </form>`
        : `<p>${t('already_final')}</p>
    <p><a href="${escapeHtml(payment.returnUrl)}">${t('back')}</a></p>`
    }
  </main>
</body>
</html>
`;
}
