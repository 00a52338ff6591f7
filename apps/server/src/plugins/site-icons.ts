/**
 * Per-site favicon, touch icon, app icons and web app manifest, for the site of the Host. The
 * icon is the site's initial on its brand colour, drawn as SVG and rendered to PNG with sharp;
 * both are kept in memory per site and rebuilt when the site's name or colour changes.
 */
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { Site } from '../features/sites/service';
import {
  APPLE_TOUCH_ICON_PATH,
  FAVICON_PATH,
  ICON_PATHS,
  MANIFEST_PATH,
  escapeHtml,
  shellLocale,
  shellValues,
  themeColorOf,
} from './web-shell';

// Browsers revalidate after a day, so a changed brand colour shows up without a deploy.
const ICON_CACHE_CONTROL = 'public, max-age=86400';
const MANIFEST_CACHE_CONTROL = 'public, max-age=3600';

/** Relative luminance (WCAG) of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black, whichever reads better on the brand colour. */
function letterColorOn(background: string): string {
  const bg = luminance(background);
  return 1.05 / (bg + 0.05) >= (bg + 0.05) / 0.05 ? '#ffffff' : '#1a1a1a';
}

export function siteInitial(site: Pick<Site, 'name' | 'logoText'>): string {
  const letter = Array.from((site.logoText || site.name).trim())[0] ?? 'C';
  return letter.toLocaleUpperCase();
}

/**
 * The site's icon: its initial on its colour. `rounded` for the favicon; the PNGs are full-bleed
 * squares because platforms cut their own shape (and the letter stays in the maskable safe zone).
 */
export function siteIconSvg(site: Pick<Site, 'name' | 'logoText' | 'themeColor'>, rounded: boolean): string {
  const background = themeColorOf(site);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${background}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" ` +
    `font-size="38" font-weight="700" fill="${letterColorOn(background)}">${escapeHtml(siteInitial(site))}</text></svg>`
  );
}

export function siteManifest(site: Site, locale: LocaleCode) {
  const values = shellValues(site, locale);
  return {
    name: site.name,
    short_name: site.logoText || site.name,
    description: values.description,
    lang: locale,
    start_url: '/members',
    scope: '/',
    display: 'standalone',
    theme_color: values.themeColor,
    background_color: '#ffffff',
    icons: [
      { src: ICON_PATHS[192], sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ICON_PATHS[512], sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ICON_PATHS[512], sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

interface SiteIcons {
  source: string;
  favicon: string;
  png: Map<number, Promise<Buffer>>;
}

export class IconCache {
  private entries = new Map<number, SiteIcons>();

  private forSite(site: Site): SiteIcons {
    const favicon = siteIconSvg(site, true);
    const hit = this.entries.get(site.id);
    if (hit && hit.source === favicon) return hit;
    const entry: SiteIcons = { source: favicon, favicon, png: new Map() };
    this.entries.set(site.id, entry);
    return entry;
  }

  favicon(site: Site): string {
    return this.forSite(site).favicon;
  }

  png(site: Site, size: number): Promise<Buffer> {
    const icons = this.forSite(site);
    let png = icons.png.get(size);
    if (!png) {
      png = sharp(Buffer.from(siteIconSvg(site, false)), { density: Math.ceil((72 * size) / 64) })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toBuffer();
      // A failed render is not cached: the next request tries again.
      png.catch(() => icons.png.delete(size));
      icons.png.set(size, png);
    }
    return png;
  }
}

const siteIcons: FastifyPluginAsync = async (app) => {
  const icons = new IconCache();
  app.get(FAVICON_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply.header('cache-control', ICON_CACHE_CONTROL).type('image/svg+xml; charset=utf-8').send(icons.favicon(request.site)),
  );
  const pngs: [string, number][] = [
    [APPLE_TOUCH_ICON_PATH, 180],
    [ICON_PATHS[192], 192],
    [ICON_PATHS[512], 512],
  ];
  for (const [url, size] of pngs) {
    app.get(url, { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', ICON_CACHE_CONTROL)
        .type('image/png')
        .send(await icons.png(request.site, size)),
    );
  }
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', MANIFEST_CACHE_CONTROL)
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(siteManifest(request.site, shellLocale(request, request.site)))),
  );
};

export default siteIcons;
