/**
 * The per-site HTML shell: index.html rewritten for the site of the request, so the first paint
 * (and crawlers, and the browser's tab) already has the site's language, title, description,
 * brand colour, icons and manifest before any JavaScript runs. The page also carries the answer
 * settings.php would give this visit (a JSON data block, never run as a script), so the app paints
 * its first screen without waiting for a call first (issue 29; decision 045). The rewritten page
 * is kept in memory per site and settings answer with its brotli and gzip forms: it is rebuilt
 * from the build's index.html, the site row and the answer whenever one of them differs.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '@cupido/shared/rules/constants';
import { APP_ICON_PATHS } from '@cupido/shared/rules/installable-app';
import { LOCALE_COOKIE, pickLocalized, type LocaleCode } from '@cupido/shared/rules/locales';
import { initialLocale } from '@cupido/shared/rules/site-shell';
import type { Site } from '../features/sites/service';
import type { SettingsAnswer, SettingsAnswers } from '../features/sites/settings-answer';
import { translate } from '../i18n/translate';

export const FAVICON_PATH = '/favicon.svg';
/**
 * Said in the page served to a browser that holds a session cookie: until its session call
 * answers, the app draws the frame of a member's page (the compact warnings line, the members'
 * navigation), so nothing jumps when the answer comes (issue 29, layout shift; decision 045).
 * Only a guess from the cookie's presence: the call still decides.
 */
export const MEMBER_EXPECTED_META = '<meta name="member-expected" content="1">';
const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session`;

/** The id of the data block with settings.php's answer; the web app reads it once (app/bootstrap.ts). */
export const BOOT_SETTINGS_ID = 'boot-settings';
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const ICON_PATHS = APP_ICON_PATHS;

const FALLBACK_THEME_COLOR = '#d63384';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The site's colour when it is a plain hex colour; anything else (a typo in the row) gets the default. */
export function themeColorOf(site: Pick<Site, 'themeColor'>): string {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(site.themeColor) ? site.themeColor.toLowerCase() : FALLBACK_THEME_COLOR;
}

/** The locale the web app will show: a valid locale cookie, else the site's domain language. */
export function shellLocale(request: FastifyRequest, site: Site): LocaleCode {
  return initialLocale(request.cookies?.[LOCALE_COOKIE], site.domainLanguage);
}

export interface ShellValues {
  lang: LocaleCode;
  title: string;
  description: string;
  themeColor: string;
  /** The staging banner's text (a production site on the sandbox provider, decision 035); empty: none. */
  testBanner?: string;
}

export function shellValues(site: Site, locale: LocaleCode, options: { testSiteBanner: boolean } = { testSiteBanner: false }): ShellValues {
  return {
    lang: locale,
    title: pickLocalized(site.indexTitle, locale) || site.name,
    description: pickLocalized(site.description, locale),
    themeColor: themeColorOf(site),
    testBanner: options.testSiteBanner ? translate(locale, 'test_site.banner') : '',
  };
}

/**
 * The staging banner, in the page itself so it shows before (and without) any JavaScript, on
 * every screen: outside the app's root, which React owns. Inline styles: the CSP allows them.
 */
export function testBannerHtml(text: string): string {
  return (
    '<div id="test-site-banner" role="note" style="background:#ffc107;color:#000;font:600 0.875rem/1.4 system-ui,sans-serif;padding:0.375rem 0.75rem;text-align:center">' +
    `<strong>TEST</strong> · ${escapeHtml(text)}</div>`
  );
}

/** Puts the banner first in the body (or first in the page when the template has no body tag). */
export function withTestBanner(html: string, text: string): string {
  if (!text) return html;
  const banner = testBannerHtml(text);
  return /<body\b[^>]*>/i.test(html) ? html.replace(/<body\b[^>]*>/i, (tag) => `${tag}${banner}`) : `${banner}${html}`;
}

/**
 * settings.php's answer as a data block: `type="application/json"` is never run (the CSP stays
 * script-src 'self'), and `<` is escaped so no text of the settings can close the element.
 * `data-locale`: the locale it is in, which the app checks against the one it picks.
 */
export function settingsBlock(locale: LocaleCode, json: string): string {
  return `<script type="application/json" id="${BOOT_SETTINGS_ID}" data-locale="${escapeHtml(locale)}">${json.replace(/</g, '\\u003c')}</script>`;
}

// Tags the shell owns: whatever the build put there is replaced, never duplicated.
const OWNED_TAGS = [
  /<meta\s+name=["'](?:description|theme-color)["'][^>]*>\s*/gi,
  /<link\s+rel=["'](?:icon|apple-touch-icon|manifest)["'][^>]*>\s*/gi,
];

/** index.html with the site's lang, title, description, theme colour, icons, manifest and settings; every value escaped. */
export function renderShell(template: string, values: ShellValues, settings: string | null = null, memberExpected = false): string {
  const head = [
    `<title>${escapeHtml(values.title)}</title>`,
    values.description ? `<meta name="description" content="${escapeHtml(values.description)}">` : '',
    `<meta name="theme-color" content="${escapeHtml(values.themeColor)}">`,
    `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON_PATH}">`,
    `<link rel="manifest" href="${MANIFEST_PATH}">`,
    settings ? settingsBlock(values.lang, settings) : '',
    memberExpected ? MEMBER_EXPECTED_META : '',
  ]
    .filter(Boolean)
    .join('\n    ');

  let html = withTestBanner(
    OWNED_TAGS.reduce((text, pattern) => text.replace(pattern, ''), template),
    values.testBanner ?? '',
  );
  const lang = `lang="${escapeHtml(values.lang)}"`;
  html = /<html\b[^>]*>/i.test(html)
    ? html.replace(
        /<html\b([^>]*)>/i,
        (_, attrs: string) => `<html${/\blang=/i.test(attrs) ? attrs.replace(/\blang=(["'])[^"']*\1/i, lang) : ` ${lang}${attrs}`}>`,
      )
    : html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}<html ${lang}>`);
  // The title first, as a function replacement: `$` in a site's title must stay literal.
  if (/<title>[\s\S]*?<\/title>/i.test(html)) return html.replace(/<title>[\s\S]*?<\/title>/i, () => head);
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  return html.replace(/(<html\b[^>]*>)/i, (tag) => `${tag}${head}`);
}

interface CachedShell {
  source: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Picks the encoding to send from Accept-Encoding: brotli, then gzip, else none. q=0 refuses one. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export interface ShellOptions {
  testSiteBanner: boolean;
  /** settings.php's answers, to put in the page; without them the app asks for its settings first. */
  settingsAnswer?: SettingsAnswers;
  /** The proxy's country header (COUNTRY_HEADER): the settings depend on it, so caches must too. */
  countryHeader?: string;
}

export class ShellCache {
  private entries = new Map<string, CachedShell>();

  constructor(
    private readonly template: string,
    private readonly options: ShellOptions = { testSiteBanner: false },
  ) {}

  get(site: Site, locale: LocaleCode, settings: SettingsAnswer | null = null, memberExpected = false): CachedShell {
    const values = shellValues(site, locale, this.options);
    const key = `${site.id}:${locale}:${settings?.key ?? ''}:${memberExpected ? 'member' : 'visitor'}`;
    const source = JSON.stringify(values) + (settings?.json ?? '');
    const hit = this.entries.get(key);
    if (hit && hit.source === source) return hit;

    const html = Buffer.from(renderShell(this.template, values, settings?.json ?? null, memberExpected));
    const entry: CachedShell = {
      source,
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(html, { level: 9 }),
      etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    };
    // Keys are site ids times seven locales times the visitors' countries, so this stays small; the guard is for safety.
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** Sends the shell for the request's site, compressed as the client accepts, with status `status`. */
  send(request: FastifyRequest, reply: FastifyReply, status: number) {
    const locale = shellLocale(request, request.site);
    const shell = this.get(request.site, locale, this.settingsFor(request, locale), Boolean(request.cookies?.[SESSION_COOKIE]));
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      // The settings in the page follow the locale cookie and the visitor's country.
      .header(
        'vary',
        [
          'Accept-Encoding',
          'Cookie',
          ...(this.options.settingsAnswer ? ['Accept-Language', ...(this.options.countryHeader ? [this.options.countryHeader] : [])] : []),
        ].join(', '),
      )
      .header('etag', shell.etag)
      .type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === shell.etag) return reply.code(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? shell[encoding] : shell.identity);
  }

  /**
   * The answer the app's first settings call would get: it asks for the host it was opened on, in
   * this locale, with the page's `country`. A page opened with `?domain=` (tests, landers) is
   * another site than its host: the app asks for itself then.
   */
  private settingsFor(request: FastifyRequest, locale: LocaleCode): SettingsAnswer | null {
    if (!this.options.settingsAnswer || (request.query as { domain?: unknown } | undefined)?.domain !== undefined) return null;
    return this.options.settingsAnswer(request, locale);
  }
}
