import { describe, expect, it } from 'vitest';
import { applyTheme, contrast, LIGHT_TEXT_BACKGROUND, MIN_TEXT_CONTRAST, readableOnWhite, textOnColour, themeVariables } from './theme';

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const WHITE = [255, 255, 255];

// Brands from dark to very light, including the hard middle where neither text colour is generous.
const BRANDS = ['#d6336c', '#0d6efd', '#198754', '#ffe066', '#ffc0cb', '#00ffff', '#777777', '#ff0000', '#1a1a2e', '#f8f9fa'];

describe('site theme', () => {
  it('turns theme_color into Bootstrap variables', () => {
    const vars = themeVariables('#d6336c')!;
    expect(vars['--bs-primary']).toBe('#d6336c');
    expect(vars['--bs-primary-rgb']).toBe('214, 51, 108');
    expect(vars['--cupido-on-primary']).toBe('#fff');
    expect(themeVariables('#ffe066')!['--cupido-on-primary']).toBe('#000');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrast([0, 0, 0], WHITE)).toBeCloseTo(21, 5);
    expect(contrast(WHITE, WHITE)).toBe(1);
    expect(contrast(rgbOf('#777777'), WHITE)).toBeCloseTo(4.48, 2);
  });

  it('keeps a brand colour that is readable on light backgrounds as the link colour', () => {
    expect(themeVariables('#1a1a2e')!['--bs-link-color']).toBe('#1a1a2e');
    expect(readableOnWhite(rgbOf('#0a58ca'))).toEqual(rgbOf('#0a58ca'));
  });

  it('darkens a brand that only just reaches 4.5:1 on white (a grey panel would take it below)', () => {
    // The demo site's pink: 4.50:1 on white, 4.38:1 on the #fcfcfd of a card.
    expect(contrast(rgbOf('#d63384'), WHITE)).toBeLessThan(4.51);
    const link = rgbOf(themeVariables('#d63384')!['--bs-link-color']!);
    expect(contrast(link, rgbOf('#f8f9fa'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(BRANDS)('%s: links, link hover and text on the brand colour reach 4.5:1', (brand) => {
    const vars = themeVariables(brand)!;
    expect(contrast(rgbOf(vars['--bs-link-color']!), LIGHT_TEXT_BACKGROUND)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrast(rgbOf(vars['--bs-link-hover-color']!), LIGHT_TEXT_BACKGROUND)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const onPrimary = vars['--cupido-on-primary'] === '#fff' ? WHITE : [0, 0, 0];
    expect(contrast(onPrimary, rgbOf(brand))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Hovered and pressed buttons keep readable text too.
    expect(contrast(onPrimary, rgbOf(vars['--cupido-primary-hover']!))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrast(onPrimary, rgbOf(vars['--cupido-primary-active']!))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('darkens a light brand for text but keeps its hue', () => {
    const link = rgbOf(themeVariables('#ffe066')!['--bs-link-color']!);
    expect(contrast(link, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(link[0]!).toBeGreaterThan(link[2]!); // still a yellow-brown, not grey or black
  });

  it('picks black text on light fills and white on dark ones', () => {
    expect(textOnColour(rgbOf('#ffc0cb'))).toBe('#000');
    expect(textOnColour(rgbOf('#1a1a2e'))).toBe('#fff');
  });

  it('ignores a colour that is not #rrggbb', () => {
    expect(themeVariables('red')).toBeNull();
  });

  it('sets the variables on <html>, including the check mark in the text colour', () => {
    applyTheme('#0d6efd');
    expect(document.documentElement.style.getPropertyValue('--bs-primary')).toBe('#0d6efd');
    applyTheme('#ffe066');
    expect(document.documentElement.style.getPropertyValue('--cupido-check-image')).toContain('%23000');
  });
});
