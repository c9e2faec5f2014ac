// The static number form's calls (spec/billing-subscription-purchase.md section 7), typed.
import type { InlineList } from '../../../domain/services';
import { apiGet, apiPost } from '../../../lib/api';

export interface Item {
  id: number;
  description: string;
}

export interface PriceList {
  price: number;
  billing_frequency: string;
  minimum_term: number;
  cost_per_call: { cost: string; range: string }[];
}

export interface StaticDetails {
  mediaOwners: Item[];
  departments: Item[];
  channels: Item[];
  campaigns: Item[];
  destinationPlans: { id: number; plan: string }[];
  prefixes: { id: number; prefix: string; description: string }[];
  restrictedDestinationPrefixes: string[];
  pricelist: PriceList;
  staticsAvailableOnAccount: number;
  countryCodes: { id: number; description: string; code: string }[];
  callRecordingAvailable: boolean;
}

export function getStaticDetails(): Promise<StaticDetails> {
  return apiGet<StaticDetails>('services/getStaticDetails');
}

export function searchForNumbers(prefix: number): Promise<{ numbers: { id: number; number: string }[] }> {
  return apiPost('classicnumbers/searchForNumbers', { prefix });
}

export interface BuyOrder {
  prefix: number;
  destinationPlan: number;
  callRecording: boolean;
  campaign: number;
  mediaDescription: string;
  channel: number;
  department: number;
  mediaOwner: number;
  numbers: number[];
  terms: boolean;
}

export function buyNumbers(order: BuyOrder): Promise<{ numbers: string[] }> {
  const { numbers, callRecording, terms, ...lists } = order;
  return apiPost('classicnumbers/buyNumbers', {
    ...lists,
    callRecording: callRecording ? '1' : '0',
    'numbers[]': numbers,
    terms: terms ? '1' : '0',
  });
}

/** The insert call and posted field of each inline list. */
const INSERTS: Record<InlineList, [string, string]> = {
  channel: ['managechannels/insertChannel', 'channel'],
  mediaOwner: ['managemediaowners/insertMediaOwner', 'mediaowner'],
  department: ['managedepartments/insertDepartment', 'department'],
  campaign: ['managecampaigns/insertCampaign', 'campaign'],
};

export function insertListItem(list: InlineList, description: string): Promise<{ id: number }> {
  const [path, field] = INSERTS[list];
  return apiPost(path, { [field]: description });
}

export function checkUniquePlanDescription(description: string): Promise<{ descriptionValid: boolean }> {
  return apiPost('timeofday/checkUniquePlanDescription', { description });
}

export function createNewServicePlan(fields: {
  description: string;
  countryCode: number;
  destinationNumber: string;
}): Promise<{ planId?: number }> {
  return apiPost('timeofday/createNewServicePlan', fields);
}
