import { apiGet } from '../../../lib/api';
import type { UserDetails } from './types';

/** The user form's values and what the editor may choose; id 0 gives a new user's defaults. */
export function getUserDetails(userId: string): Promise<UserDetails> {
  return apiGet<UserDetails>(`users/getUserDetails/${encodeURIComponent(userId)}`);
}
