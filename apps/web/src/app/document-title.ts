import { useEffect } from 'react';
import { pageTitleWithCount } from '@cupido/shared/rules';
import { useSettings } from '../features/site/use-settings';
import { useActivityCounts } from '../features/session/activity-counts';

/**
 * Sets <title>: 'Page | Site' for a page with its own title, else the site's translated index
 * title, prefixed with '(n) ' when there are unread messages or new likes (spec section 2).
 * Each page calls it once; the layout does not, so no two effects race for the title.
 */
export function usePageTitle(pageTitle?: string): void {
  const settings = useSettings();
  const { unreadMessages, newLikes } = useActivityCounts();
  const base = pageTitle ? `${pageTitle} | ${settings.name}` : settings.index_title || settings.name;
  const title = pageTitleWithCount(base, unreadMessages, newLikes);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
