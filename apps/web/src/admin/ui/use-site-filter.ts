import { useSearchParams } from 'react-router';

/**
 * A screen's site filter kept in the address (?site=<id>), so a reload or a shared link keeps it;
 * undefined is all sites. `replace` changes the address without a new history entry (a queue
 * worked through, where Back should leave the screen rather than step through filters).
 */
export function useSiteFilter({ replace = false }: { replace?: boolean } = {}): [number | undefined, (siteId: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('site'));
  const siteId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const set = (next: number | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === undefined) copy.delete('site');
        else copy.set('site', String(next));
        return copy;
      },
      { replace },
    );
  return [siteId, set];
}
