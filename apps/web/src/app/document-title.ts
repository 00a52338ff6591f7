import { useEffect } from 'react';
import { useSettings } from '../features/site/use-settings';

/**
 * Sets <title>: 'Page | Site' for a page with its own title, else the site's translated index
 * title. Each page calls it once; the layout does not, so no two effects race for the title.
 */
export function usePageTitle(pageTitle?: string): void {
  const settings = useSettings();
  const title = pageTitle ? `${pageTitle} | ${settings.name}` : settings.index_title || settings.name;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
