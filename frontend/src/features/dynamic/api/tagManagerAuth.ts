import { apiGet } from '../../../lib/api';
import type { TagManagerAuth } from './types';

export type { TagManagerAuth };

export async function getTagManagerAuth(vcamId: number): Promise<TagManagerAuth> {
  const answer = await apiGet<TagManagerAuth | null>(`tagmanager/auth/${vcamId}`);
  return { status: answer?.status === true, authUrl: answer?.authUrl ?? null };
}
