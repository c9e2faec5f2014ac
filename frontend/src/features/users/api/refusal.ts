import { ApiError, validationErrors } from '../../../lib/api';

/** The message of a 422 refusal (its user error, else its message), or null for any other failure. */
export function refusalOf(error: unknown): string | null {
  const errors = validationErrors(error);
  if (!errors) return null;
  if (errors.user) return errors.user;
  const body = (error as ApiError).body as { message?: unknown };
  return typeof body.message === 'string' && body.message ? body.message : null;
}
