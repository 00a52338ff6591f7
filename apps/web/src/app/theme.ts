/** Per-site colour: Bootstrap is compiled once, each site's theme_color is applied as CSS variables. */

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

function toHex(rgb: readonly number[]): string {
  return '#' + rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('');
}

/** Mixes towards black (amount > 0) like Bootstrap's shade-color(). */
export function shade(rgb: readonly number[], amount: number): number[] {
  return rgb.map((c) => c * (1 - amount));
}

function luminance([r, g, b]: readonly number[]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

/** The CSS variables for a theme colour, or null when the colour is not #rrggbb. */
export function themeVariables(color: string): Record<string, string> | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const hover = shade(rgb, 0.15);
  const active = shade(rgb, 0.2);
  // Text on the colour: white unless the colour is light (WCAG contrast against black is higher).
  const onPrimary = (luminance(rgb) + 0.05) / 0.05 > 1.05 / (luminance(rgb) + 0.05) ? '#000' : '#fff';
  const link = luminance(rgb) > 0.3 ? shade(rgb, 0.4) : rgb;
  return {
    '--bs-primary': toHex(rgb),
    '--bs-primary-rgb': rgb.join(', '),
    '--bs-link-color': toHex(link),
    '--bs-link-color-rgb': link.map(Math.round).join(', '),
    '--bs-link-hover-color': toHex(shade(link, 0.2)),
    '--bs-link-hover-color-rgb': shade(link, 0.2).map(Math.round).join(', '),
    '--cupido-primary-hover': toHex(hover),
    '--cupido-primary-active': toHex(active),
    '--cupido-on-primary': onPrimary,
    '--bs-focus-ring-color': `rgba(${rgb.join(', ')}, 0.25)`,
  };
}

export function applyTheme(color: string, root: HTMLElement = document.documentElement): void {
  const vars = themeVariables(color);
  if (!vars) return;
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', vars['--bs-primary']!);
}
