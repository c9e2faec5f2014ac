// partnerportal/* and login/: the partner's clients, rewards, programmes and branding.
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type { AccountCreated, ClientAccount, ClientAccounts, NewAccount, Programme } from './accounts/api';

export type Rewards = Schemas['Rewards'];
export type RewardRow = Schemas['RewardRow'];
export type ProgrammeTerms = Schemas['ProgrammeTerms'];
export type Branding = Schemas['BrandingView'];

export function getRewards(): Promise<Rewards> {
  return apiGet<Rewards>('partnerportal/getRewards');
}

export function getProgrammes(): Promise<ProgrammeTerms[]> {
  return apiGet<ProgrammeTerms[]>('partnerportal/getProgrammes');
}

export function getBranding(): Promise<Branding> {
  return apiGet<Branding>('partnerportal/getBranding');
}

export interface BrandingChange {
  background: string;
  text: string;
  logo: File | null;
  favicon: File | null;
  removeLogo: boolean;
  removeFavicon: boolean;
}

export function saveBranding(change: BrandingChange): Promise<{ success: boolean }> {
  const form = new FormData();
  form.append('form_top_bar_background', change.background);
  form.append('form_top_bar_text', change.text);
  if (change.logo) form.append('form_logo', change.logo);
  if (change.favicon) form.append('form_favicon', change.favicon);
  if (change.removeLogo && !change.logo) form.append('form_remove_logo', '1');
  if (change.removeFavicon && !change.favicon) form.append('form_remove_favicon', '1');
  return apiPost('partnerportal/saveBranding', form);
}
