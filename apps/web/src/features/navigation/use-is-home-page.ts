import { useLocation } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';

/** True on the landing page (route index), which carries its own notices in the page body. */
export function useIsHomePage(): boolean {
  return useLocation().pathname === routePath('index');
}
