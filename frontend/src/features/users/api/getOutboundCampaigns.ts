import { apiGet } from '../../../lib/api';
import type { OutboundCampaigns } from './types';

export function getOutboundCampaigns(): Promise<OutboundCampaigns> {
  return apiGet<OutboundCampaigns>('outboundcampaigns/getAll/');
}
