// /outboundcampaigns and /outboundcampaigns/{id} (docs/outbound-api.md).
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type CampaignsPageData = Schemas['OutboundCampaignsPage'];
export type CampaignView = Schemas['OutboundCampaignView'];
export type CampaignPageData = Schemas['OutboundCampaignPage'];

/** The form's field, as the spec's addCampaign posts it. */
export const CAMPAIGN_FIELD = 'outboundCampaignName';

export const campaignPath = (id: number) => `/outboundcampaigns/${id}`;

export function getCampaigns(): Promise<CampaignsPageData> {
  return apiGet<CampaignsPageData>('outboundcampaigns/getCampaigns');
}

export function getCampaign(id: number): Promise<CampaignPageData> {
  return apiGet<CampaignPageData>(`outboundcampaigns/getCampaign/${id}`);
}

/** Adds (id null, the spec's addCampaign) or renames a campaign. */
export function saveCampaign(id: number | null, name: string): Promise<unknown> {
  const path = id === null ? 'outboundcampaigns/addCampaign' : `outboundcampaigns/editCampaign/${id}`;
  return apiPost(path, { [CAMPAIGN_FIELD]: name });
}

export function deleteCampaign(id: number): Promise<{ success: boolean }> {
  return apiPost(`outboundcampaigns/deleteCampaign/${id}`, {});
}

export interface ReportEmails {
  daily: boolean;
  weekly: boolean;
  monthly: boolean;
}

export function saveRecording(on: boolean): Promise<{ success: boolean }> {
  return apiPost('outboundcampaigns/saveRecording', { recordOutboundCalls: on ? '1' : '0' });
}

export function saveReportEmails(emails: ReportEmails): Promise<{ success: boolean }> {
  const flag = (on: boolean) => (on ? '1' : '0');
  return apiPost('outboundcampaigns/saveReportSettings', {
    outboundDailyEnabled: flag(emails.daily),
    outboundWeeklyEnabled: flag(emails.weekly),
    outboundMonthlyEnabled: flag(emails.monthly),
  });
}
