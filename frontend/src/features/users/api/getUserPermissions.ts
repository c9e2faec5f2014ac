import { apiGet } from '../../../lib/api';
import type { UserPermissions } from './types';

export function getUserPermissions(userId: string, authCode: string, existingUser: boolean): Promise<UserPermissions> {
  const path = [userId, authCode, existingUser ? '1' : '0'].map(encodeURIComponent).join('/');
  return apiGet<UserPermissions>(`users/getUserPermissions/${path}`);
}
