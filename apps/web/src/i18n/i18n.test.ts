import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('the member app’s i18next', () => {
  it('has its separators set, so no t() call runs the natural-language test of its key', () => {
    // i18next runs looksLikeObjectPath on every key unless both separators were given at init
    // (Translator.extractFromKey); it was the app's largest script cost while a member page booted.
    expect(i18n.options).toMatchObject({ userDefinedKeySeparator: '.', userDefinedNsSeparator: ':' });
  });

  it('still reads a key of another namespace and a nested key', () => {
    i18n.addResourceBundle('en', 'separator-check', { nested: { text: 'Found it' } }, true, true);
    expect(i18n.t('separator-check:nested.text')).toBe('Found it');
    expect(i18n.t('nested.text', { ns: 'separator-check' })).toBe('Found it');
  });
});
