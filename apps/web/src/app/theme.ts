/**
 * Per-site colour: Bootstrap is compiled once, each site's theme_color is applied as CSS variables
 * (styles/_theme.scss makes buttons, links, checkboxes, pills, badges, progress bars, focus rings and
 * the loading bar use them). Every text colour derived here reaches WCAG AA (4.5:1) whatever the brand.
 */

export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = readonly number[];

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

function round(rgb: Rgb): number[] {
  return rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))));
}

function toHex(rgb: Rgb): string {
  return (
    '#' +
    round(rgb)
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
  );
}

/** Mixes towards black (amount > 0) like Bootstrap's shade-color(). */
export function shade(rgb: Rgb, amount: number): number[] {
  return rgb.map((c) => c * (1 - amount));
}

/** Mixes towards white, like Bootstrap's tint-color(). */
export function tint(rgb: Rgb, amount: number): number[] {
  return rgb.map((c) => c + (255 - c) * amount);
}

/** WCAG relative luminance. */
export function luminance(rgb: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = round(rgb);
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = [255, 255, 255];
const BLACK = [0, 0, 0];

/**
 * The lightest-but-one background text sits on: not only white but the light greys and tints of
 * panels, footer and hero (bg-body-tertiary #f8f9fa, the brand tint of .home-hero). Measuring against
 * #f0f0f0 keeps a margin: a brand exactly at 4.5:1 on white fell to 4.38:1 on such a panel.
 */
export const LIGHT_TEXT_BACKGROUND = [0xf0, 0xf0, 0xf0];

/**
 * The brand colour as text on a light page: unchanged when it already reaches 4.5:1 on the light
 * backgrounds, else darkened in small steps until it does (a light brand keeps its hue).
 */
export function readableOnWhite(rgb: Rgb): number[] {
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = round(shade(rgb, amount));
    if (contrast(candidate, LIGHT_TEXT_BACKGROUND) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return [...BLACK];
}

/** Text on a brand-coloured fill: black or white, whichever contrasts more (always at least 4.58:1). */
export function textOnColour(rgb: Rgb): '#000' | '#fff' {
  return contrast(rgb, BLACK) > contrast(rgb, WHITE) ? '#000' : '#fff';
}

const checkImage = (stroke: string) =>
  `url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3e%3cpath fill='none' stroke='${stroke}' stroke-linecap='round' stroke-linejoin='round' stroke-width='3' d='m6 10 3 3 6-6'/%3e%3c/svg%3e")`;
const radioImage = (fill: string) =>
  `url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='-4 -4 8 8'%3e%3ccircle r='2' fill='${fill}'/%3e%3c/svg%3e")`;

/** The CSS variables for a theme colour, or null when the colour is not #rrggbb. */
export function themeVariables(color: string): Record<string, string> | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const onPrimary = textOnColour(rgb);
  // Hover and active fills move away from the text colour, so the button text only gains contrast:
  // darker under white text, lighter under black text.
  const hover = onPrimary === '#fff' ? shade(rgb, 0.15) : tint(rgb, 0.15);
  const active = onPrimary === '#fff' ? shade(rgb, 0.2) : tint(rgb, 0.2);
  const link = readableOnWhite(rgb);
  const linkHover = round(shade(link, 0.2));
  const markColour = onPrimary === '#fff' ? '%23fff' : '%23000';
  return {
    '--bs-primary': toHex(rgb),
    '--bs-primary-rgb': rgb.join(', '),
    '--bs-primary-text-emphasis': toHex(link),
    '--bs-link-color': toHex(link),
    '--bs-link-color-rgb': link.join(', '),
    '--bs-link-hover-color': toHex(linkHover),
    '--bs-link-hover-color-rgb': linkHover.join(', '),
    '--cupido-primary-hover': toHex(hover),
    '--cupido-primary-active': toHex(active),
    '--cupido-on-primary': onPrimary,
    '--cupido-check-image': checkImage(markColour),
    '--cupido-radio-image': radioImage(markColour),
    '--bs-focus-ring-color': `rgba(${rgb.join(', ')}, 0.25)`,
  };
}

export function applyTheme(color: string, root: HTMLElement = document.documentElement): void {
  const vars = themeVariables(color);
  if (!vars) return;
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', vars['--bs-primary']!);
}
