import { ApiError } from '../../api/client';
import { AdminApiError } from '../api';

/**
 * The back office's call failure as the ApiError the form kit's useZodForm understands, so a
 * server refusal with a field lands under that field; anything else passes through unchanged.
 */
export const asApiError = (error: unknown) =>
  error instanceof AdminApiError ? new ApiError(error.status, error.code, error.message, error.field) : error;
