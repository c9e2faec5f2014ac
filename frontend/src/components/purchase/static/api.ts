// The static number form's calls (spec/billing-subscription-purchase.md section 7), typed.
import type { InlineList } from '../../../domain/services';
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

/** An entry of an inline list (media owners, departments, channels, campaigns). */
export type Item = Schemas['ListItem'];

/** The price of a number or pool: pounds, and the cost per call by range. */
export type PriceList = Schemas['PriceList'];

export type StaticDetails = Schemas['StaticDetails'];

export type FreeNumbers = Schemas['FreeNumbers'];

export type BoughtNumbers = Schemas['BoughtNumbers'];

export type ListItemCreated = Schemas['ListItemCreated'];

export type DescriptionCheck = Schemas['DescriptionCheck'];

export type PlanCreated = Schemas['PlanCreated'];

export function getStaticDetails(): Promise<StaticDetails> {
  return apiGet<StaticDetails>('services/getStaticDetails');
}

export function searchForNumbers(prefix: number): Promise<FreeNumbers> {
  return apiPost<FreeNumbers>('classicnumbers/searchForNumbers', { prefix });
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

export function buyNumbers(order: BuyOrder): Promise<BoughtNumbers> {
  const { numbers, callRecording, terms, ...lists } = order;
  return apiPost<BoughtNumbers>('classicnumbers/buyNumbers', {
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

export function insertListItem(list: InlineList, description: string): Promise<ListItemCreated> {
  const [path, field] = INSERTS[list];
  return apiPost<ListItemCreated>(path, { [field]: description });
}

export function checkUniquePlanDescription(description: string): Promise<DescriptionCheck> {
  return apiPost<DescriptionCheck>('timeofday/checkUniquePlanDescription', { description });
}

export function createNewServicePlan(fields: {
  description: string;
  countryCode: number;
  destinationNumber: string;
}): Promise<PlanCreated> {
  return apiPost<PlanCreated>('timeofday/createNewServicePlan', fields);
}
