import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LocaleContext } from '../features/locale/use-locale';
import { usePageTitle } from './document-title';

vi.mock('../features/site/use-settings', () => ({
  useSettings: () => ({ name: 'Amora', index_title: 'Amora – daten', description: 'Singles uit de buurt.' }),
}));
vi.mock('../features/session/activity-counts', () => ({ useActivityCounts: () => ({ unreadMessages: 0, newLikes: 0 }) }));

function Page({ title, description }: { title?: string; description?: string }) {
  usePageTitle(title, description);
  return null;
}

const withLocale = (locale: 'nl' | 'de', children: ReactNode) => (
  <LocaleContext.Provider value={{ locale, setLocale: async () => {} }}>{children}</LocaleContext.Provider>
);

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('usePageTitle', () => {
  it('sets the title, the site description by default and <html lang> of the visible locale', () => {
    const view = render(withLocale('nl', <Page />));
    expect(document.title).toBe('Amora – daten');
    expect(description()).toBe('Singles uit de buurt.');
    expect(document.documentElement.lang).toBe('nl');

    view.rerender(withLocale('de', <Page title="Profil" description="Dein Profil." />));
    expect(document.title).toBe('Profil | Amora');
    expect(description()).toBe('Dein Profil.');
    expect(document.documentElement.lang).toBe('de');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
