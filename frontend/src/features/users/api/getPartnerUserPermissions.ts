import { apiGet } from '../../../lib/api';
import type { UserPermissions } from './types';

/** The partner-portal permissions of a partner's user. */
export function getPartnerUserPermissions(userId: string, existingUser: boolean): Promise<UserPermissions> {
  return apiGet<UserPermissions>(
    `users/getPartnerUserPermissions/${encodeURIComponent(userId)}/${existingUser ? '1' : '0'}`,
  );
}
