import { SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';
import { apiPost } from '../../../lib/api';
import { refusalOf } from './refusal';
import type { Done } from './types';

/**
 * Deletes the user; `key` is the single-use key of handleajax/confirmPassword.
 * Rejects with the message to show (the refusal, or the generic one).
 */
export async function deleteUser(userId: number, key: string): Promise<void> {
  let answer: Done | null;
  try {
    answer = await apiPost<Done | null>(`users/deleteUser/${userId}`, { key });
  } catch (error) {
    throw new Error(refusalOf(error) ?? SOMETHING_WENT_WRONG);
  }
  if (answer?.success !== true) throw new Error(SOMETHING_WENT_WRONG);
}
