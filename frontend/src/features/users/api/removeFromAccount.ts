import { SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';
import { apiPost } from '../../../lib/api';
import { refusalOf } from './refusal';
import type { Done } from './types';

/**
 * Takes away the user's access to the current account only; the user and their other accounts stay.
 * Rejects with the message to show (the refusal, or the generic one).
 */
export async function removeFromAccount(userId: number): Promise<void> {
  let answer: Done | null;
  try {
    answer = await apiPost<Done | null>(`users/removeFromAccount/${userId}`, {});
  } catch (error) {
    throw new Error(refusalOf(error) ?? SOMETHING_WENT_WRONG);
  }
  if (answer?.success !== true) throw new Error(SOMETHING_WENT_WRONG);
}
