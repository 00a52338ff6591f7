import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@cupido/shared/routes';
import { useSettings } from '../features/site/use-settings';

/** <title> is the site's name; the home page uses its translated index title. */
export function useDocumentTitle(): void {
  const settings = useSettings();
  const isIndex = useLocation().pathname === ROUTES.index;
  const title = isIndex && settings.index_title ? settings.index_title : settings.name;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
