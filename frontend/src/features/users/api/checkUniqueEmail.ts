import { apiPost, validationErrors } from '../../../lib/api';
import type { Done } from './types';

export type EmailCheck = { unique: true } | { unique: false; message: string };

/** Resolves with the email field's message when taken; rejects on any other failure. */
export async function checkUniqueEmail(email: string, userId: string): Promise<EmailCheck> {
  try {
    await apiPost<Done>('users/checkUniqueEmail/', { form_email: email, userId });
    return { unique: true };
  } catch (error) {
    const message = validationErrors(error)?.form_email;
    if (message) return { unique: false, message };
    throw error;
  }
}
