import { useEffect } from 'react';
import { pageTitleWithCount } from '@cupido/shared/rules/site-shell';
import { useSettings } from '../site/use-settings';
import { useActivityCounts } from '../session/activity-counts';

/** The shell's <meta name="description"> (the server writes the site's one), created if missing. */
function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets <title>: 'Page | Site' for a page with its own title, else the site's translated index
 * title, prefixed with '(n) ' when there are unread messages or new likes (spec section 2).
 * Also sets <meta name="description"> to the page's translated description when it has one,
 * else the site's (translated by the settings). <html lang> is the locale provider's
 * (features/locale). Each page calls it once; the layout does not, so no two effects race for the title.
 */
export function usePageTitle(pageTitle?: string, pageDescription?: string): void {
  const settings = useSettings();
  const { unreadMessages, newLikes } = useActivityCounts();
  const base = pageTitle ? `${pageTitle} | ${settings.name}` : settings.index_title || settings.name;
  const title = pageTitleWithCount(base, unreadMessages, newLikes);
  const description = pageDescription || settings.description;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (description) descriptionMeta().content = description;
  }, [description]);
}
