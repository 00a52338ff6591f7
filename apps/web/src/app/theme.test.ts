import { describe, expect, it } from 'vitest';
import { applyTheme, themeVariables } from './theme';

describe('site theme', () => {
  it('turns theme_color into Bootstrap variables', () => {
    const vars = themeVariables('#d6336c')!;
    expect(vars['--bs-primary']).toBe('#d6336c');
    expect(vars['--bs-primary-rgb']).toBe('214, 51, 108');
    expect(vars['--cupido-on-primary']).toBe('#fff');
    expect(themeVariables('#ffe066')!['--cupido-on-primary']).toBe('#000');
  });

  it('ignores a colour that is not #rrggbb', () => {
    expect(themeVariables('red')).toBeNull();
  });

  it('sets the variables on <html>', () => {
    applyTheme('#0d6efd');
    expect(document.documentElement.style.getPropertyValue('--bs-primary')).toBe('#0d6efd');
  });
});
