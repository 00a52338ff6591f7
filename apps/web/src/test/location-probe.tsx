import { useLocation } from 'react-router';

/** Shows the router's current path and query (data-testid="location") for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export const currentLocation = () => document.querySelector('[data-testid="location"]')?.textContent;
