import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import { embeddedSettings, loadInitialSettings, pageSettingsFirst } from './bootstrap';

/** A page as the server writes it (plugins/web-shell.ts): the settings in a data block. */
function pageWith(block: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = block;
  return doc;
}
const settings = { name: 'Amora', domain_language: 'nl' } as TSettings;
const block = (locale: string, json = JSON.stringify(settings)) =>
  `<script type="application/json" id="boot-settings" data-locale="${locale}">${json}</script>`;

describe('the settings the server put in the page (decision 045)', () => {
  it('answer the first call in their locale, once', () => {
    const doc = pageWith(block('nl'));
    expect(embeddedSettings(null, doc)).toEqual(settings); // the domain's language
    expect(embeddedSettings(null, doc)).toBeNull(); // read once: later calls go to the server
    expect(embeddedSettings('de', pageWith(block('de')))).toEqual(settings);
  });

  it('are not used in another locale, when broken or missing', () => {
    expect(embeddedSettings('de', pageWith(block('nl')))).toBeNull();
    expect(embeddedSettings(null, pageWith(block('en')))).toBeNull();
    expect(embeddedSettings(null, pageWith(block('nl', '{"name":')))).toBeNull();
    expect(embeddedSettings(null, pageWith(''))).toBeNull();
  });

  it('spare the boot its settings call, and the call is made without them', async () => {
    const fetchSettings = vi.fn(async () => settings);
    const fromPage = pageSettingsFirst(fetchSettings, pageWith(block('nl')));
    expect(await loadInitialSettings(new QueryClient(), null, {}, fromPage)).toEqual({ settings, locale: 'nl' });
    expect(fetchSettings).not.toHaveBeenCalled();
    await loadInitialSettings(new QueryClient(), null, {}, fromPage);
    expect(fetchSettings).toHaveBeenCalledTimes(1);
  });
});
