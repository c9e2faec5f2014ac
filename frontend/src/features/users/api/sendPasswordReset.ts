import { apiPost } from '../../../lib/api';

export interface PasswordResetAnswer {
  success: boolean;
  message?: string;
}

export function sendPasswordReset(userId: number): Promise<PasswordResetAnswer> {
  return apiPost<PasswordResetAnswer>(`users/sendPasswordReset/${userId}`, {});
}
