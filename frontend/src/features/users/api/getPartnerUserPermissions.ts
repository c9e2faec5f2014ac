import { apiGet } from '../../../lib/api';
import type { PartnerUserPermissions } from './types';

/** The partner-portal permissions of a partner's user. */
export function getPartnerUserPermissions(userId: string, existingUser: boolean): Promise<PartnerUserPermissions> {
  return apiGet<PartnerUserPermissions>(
    `users/getPartnerUserPermissions/${encodeURIComponent(userId)}/${existingUser ? '1' : '0'}`,
  );
}
