/**
 * The one application error type. Services throw it with a stable code and the key of a
 * translated message; the error plugin maps it to HTTP in one place.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'not_found', 'errors.not_found');
