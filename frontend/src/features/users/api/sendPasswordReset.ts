import { apiPost } from '../../../lib/api';
import type { PasswordResetAnswer } from './types';

export type { PasswordResetAnswer };

export function sendPasswordReset(userId: number): Promise<PasswordResetAnswer> {
  return apiPost<PasswordResetAnswer>(`users/sendPasswordReset/${userId}`, {});
}
