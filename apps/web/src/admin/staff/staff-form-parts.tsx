/**
 * Small parts of the staff screens' forms: the form-level error, and the bridge from the back
 * office's AdminApiError to the ApiError the shared form hook files under its field.
 */
import { ApiError } from '../../api/client';
import { AdminApiError } from '../api';

export const asApiError = (error: unknown) => (error instanceof AdminApiError ? new ApiError(error.status, error.code, error.message, error.field) : error);

export function FormError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      {error.message}
    </div>
  );
}
