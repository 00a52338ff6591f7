import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LocaleProvider } from './locale-provider';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('LocaleProvider', () => {
  it('puts the visible locale on <html lang> from the first render, also when the shell said another', () => {
    document.documentElement.lang = 'en';
    const view = render(<LocaleProvider initialLocale="pl">page</LocaleProvider>);
    expect(document.documentElement.lang).toBe('pl');
    view.rerender(<LocaleProvider initialLocale="pl">page again</LocaleProvider>);
    expect(document.documentElement.lang).toBe('pl');
  });
});
