// technologypartner/*: the technology partner's API keys, lead reports and settings.
import type { TechPartnerProfile } from '../../domain/partners';
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** A key as listed: its start ("ctk_Qd81xZ…"), never the whole key. */
export type ApiKey = Schemas['ApiKeyRow'];
export type ApiKeyList = Schemas['ApiKeyList'];
/** The new key: `key` is in this answer only. */
export type CreatedKey = Schemas['CreatedApiKey'];

export function getApiKeys(): Promise<ApiKeyList> {
  return apiGet<ApiKeyList>('technologypartner/getApiKeys');
}

export function createApiKey(name: string): Promise<CreatedKey> {
  return apiPost<CreatedKey>('technologypartner/createApiKey', { form_name: name });
}

export function revokeApiKey(id: number): Promise<{ success: boolean }> {
  return apiPost(`technologypartner/revokeApiKey/${id}`, {});
}

export type SuppliedAccount = Schemas['SuppliedAccount'];
export type LeadReportRow = Schemas['LeadReportRow'];
export type ReportMonth = Schemas['ReportMonth'];
export type LeadReports = Schemas['LeadReports'];

export function getReports(): Promise<LeadReports> {
  return apiGet<LeadReports>('technologypartner/getReports');
}

export type PartnerSettings = Schemas['TechPartnerSettings'];

export function getSettings(): Promise<PartnerSettings> {
  return apiGet<PartnerSettings>('technologypartner/getSettings');
}

export function saveSettings(profile: TechPartnerProfile): Promise<{ success: boolean }> {
  return apiPost('technologypartner/saveSettings', {
    form_website: profile.website,
    form_contactName: profile.contactName,
    form_contactEmail: profile.contactEmail,
    form_contactTelephone: profile.contactTelephone,
  });
}
