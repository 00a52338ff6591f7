import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useSettings } from '../features/site/use-settings';
import type { RouteHandle } from './router';

/** <title> is the site's name; the home page uses its translated index title. */
export function useDocumentTitle(): void {
  const settings = useSettings();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as RouteHandle | undefined)?.name;
  const title = name === 'index' && settings.index_title ? settings.index_title : settings.name;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
