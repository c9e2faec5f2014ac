// /services/website: a website added by its address alone, with the pool the plan includes.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type WebsiteDetails = Schemas['WebsiteDetails'];
export type WebsiteAdded = Schemas['WebsiteAdded'];

export function getWebsiteDetails(): Promise<WebsiteDetails> {
  return apiGet<WebsiteDetails>('services/getWebsiteDetails');
}

export function addWebsite(websiteUrl: string, numberShown: string, servicePlan: string): Promise<WebsiteAdded> {
  return apiPost<WebsiteAdded>('services/addWebsite', { websiteUrl, numberShown, servicePlan });
}
