import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { usePageTitle } from './use-page-title';

vi.mock('../site/use-settings', () => ({
  useSettings: () => ({ name: 'Amora', index_title: 'Amora – daten', description: 'Singles uit de buurt.' }),
}));
vi.mock('../session/activity-counts', () => ({ useActivityCounts: () => ({ unreadMessages: 0, newLikes: 0 }) }));

function Page({ title, description }: { title?: string; description?: string }) {
  usePageTitle(title, description);
  return null;
}

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('usePageTitle', () => {
  it('sets the title and the site description by default, the page title and description when given', () => {
    const view = render(<Page />);
    expect(document.title).toBe('Amora – daten');
    expect(description()).toBe('Singles uit de buurt.');

    view.rerender(<Page title="Profil" description="Dein Profil." />);
    expect(document.title).toBe('Profil | Amora');
    expect(description()).toBe('Dein Profil.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
