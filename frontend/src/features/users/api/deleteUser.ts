import { SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';
import { ApiError, apiPost, validationErrors } from '../../../lib/api';

/** Deletes the user; rejects with the message to show (the refusal, or the generic one). */
export async function deleteUser(userId: number): Promise<void> {
  let answer: { success?: boolean } | null;
  try {
    answer = await apiPost<{ success?: boolean } | null>(`users/deleteUser/${userId}`, {});
  } catch (error) {
    throw new Error(refusalOf(error) ?? SOMETHING_WENT_WRONG);
  }
  if (answer?.success !== true) throw new Error(SOMETHING_WENT_WRONG);
}

function refusalOf(error: unknown): string | null {
  const errors = validationErrors(error);
  if (!errors) return null;
  if (errors.user) return errors.user;
  const body = (error as ApiError).body as { message?: unknown };
  return typeof body.message === 'string' && body.message ? body.message : null;
}
