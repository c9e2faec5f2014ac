import { apiPost, type FormFields } from '../../../lib/api';

export function saveUser(userId: string, fields: FormFields): Promise<{ success: boolean; id?: number }> {
  return apiPost(`users/save/${encodeURIComponent(userId)}`, fields);
}
