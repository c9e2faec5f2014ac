import { apiPost } from '../../../lib/api';
import type { CampaignAdded, OutboundCampaign } from './types';

export async function addOutboundCampaign(name: string): Promise<OutboundCampaign> {
  const answer = await apiPost<CampaignAdded | null>('outboundcampaigns/addCampaign', { outboundCampaignName: name });
  if (!answer?.campaign) throw new Error('addCampaign failed');
  return { name: answer.campaign.name, val: String(answer.campaign.value) };
}
