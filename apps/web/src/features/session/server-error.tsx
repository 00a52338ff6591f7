import { isAuthenticationRequired } from './query-client';

/** A refused call's message (already translated by the server); nothing for a silent logout. */
export function ServerError({
  error,
  id,
  className = 'alert alert-danger',
}: {
  error: Error | null | undefined;
  id?: string;
  className?: string;
}) {
  if (!error || isAuthenticationRequired(error)) return null;
  return (
    <div id={id} className={className} role="alert">
      {error.message}
    </div>
  );
}
