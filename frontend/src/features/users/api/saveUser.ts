import { apiPost, type FormFields } from '../../../lib/api';
import type { UserSaved } from './types';

export function saveUser(userId: string, fields: FormFields): Promise<UserSaved> {
  return apiPost<UserSaved>(`users/save/${encodeURIComponent(userId)}`, fields);
}
