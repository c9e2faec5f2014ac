// technologypartner/* (issue 16): the technology partner's API keys, lead reports and settings.
import type { TechPartnerProfile } from '../../domain/partners';
import { apiGet, apiPost } from '../../lib/api';

export interface ApiKey {
  id: number;
  name: string;
  /** The key's first characters ("ctk_Qd81xZ…"): never the whole key. */
  hint: string;
  createdBy: string;
  /** dd/mm/yyyy HH:MM in the partner's zone. */
  created: string;
  lastUsed: string | null;
  revoked: string | null;
}

export interface ApiKeyList {
  keys: ApiKey[];
  maxActiveKeys: number;
}

export interface CreatedKey {
  id: number;
  name: string;
  /** The whole key: in this answer only. */
  key: string;
  hint: string;
}

export function getApiKeys(): Promise<ApiKeyList> {
  return apiGet<ApiKeyList>('technologypartner/getApiKeys');
}

export function createApiKey(name: string): Promise<CreatedKey> {
  return apiPost<CreatedKey>('technologypartner/createApiKey', { form_name: name });
}

export function revokeApiKey(id: number): Promise<{ success: boolean }> {
  return apiPost(`technologypartner/revokeApiKey/${id}`, {});
}

export interface SuppliedAccount {
  id: number;
  name: string;
  /** dd/mm/yyyy: leads count from this day. */
  since: string;
}

export interface LeadReportRow {
  accountId: number;
  accountName: string;
  /** "2026-10" */
  month: string;
  /** "October 2026" */
  monthLabel: string;
  calls: number;
  qualifiedLeads: number;
}

export interface ReportMonth {
  month: string;
  label: string;
  /** "Nov 26", for a chart's axis. */
  shortLabel: string;
}

export interface LeadReports {
  accounts: SuppliedAccount[];
  /** The report's twelve months, oldest first, empty ones included. */
  months: ReportMonth[];
  /** Newest month first, then by account name. */
  rows: LeadReportRow[];
  qualifiedLeadSeconds: number;
}

export function getReports(): Promise<LeadReports> {
  return apiGet<LeadReports>('technologypartner/getReports');
}

export interface PartnerSettings extends TechPartnerProfile {
  companyName: string;
}

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
