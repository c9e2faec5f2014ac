import { apiGet } from '../../../lib/api';

export interface TagManagerAuth {
  status: boolean;
  /** The tag manager's OAuth start, when not yet authorised. */
  authUrl: string | null;
}

export async function getTagManagerAuth(vcamId: number): Promise<TagManagerAuth> {
  const answer = await apiGet<Partial<TagManagerAuth> | null>(`tagmanager/auth/${vcamId}`);
  return { status: answer?.status === true, authUrl: answer?.authUrl ?? null };
}
