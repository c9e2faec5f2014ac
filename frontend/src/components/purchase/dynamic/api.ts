// The dynamic URL and pool form's calls (spec/billing-subscription-purchase.md section 7), typed.
import type { DynamicPoolForm } from '../../../domain/services';
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];

export type DynamicDetails = Schemas['DynamicDetails'];

/** managevisioncampaigns/checkEligibility: enough credits, and the pool's price. */
export type PoolEligibility = Schemas['PoolEligibility'];

export type PoolInserted = Schemas['PoolInserted'];

export function getDynamicDetails(): Promise<DynamicDetails> {
  return apiGet<DynamicDetails>('services/getDynamicDetails');
}

export function checkEligibility(dynamicUrl: number): Promise<PoolEligibility> {
  return apiPost<PoolEligibility>(
    'managevisioncampaigns/checkEligibility',
    dynamicUrl > 0 ? { type: 'pool', campaign_id: dynamicUrl } : { type: 'url' },
  );
}

const flag = (on: boolean) => (on ? '1' : '0');

export function insertDynamicPool(
  form: DynamicPoolForm,
  terms: boolean,
): Promise<PoolInserted> {
  const { numbersToReplace, ...rest } = form;
  return apiPost<PoolInserted>('managevisioncampaigns/insert', {
    ...rest,
    botsFlag: flag(form.botsFlag),
    callRecordingFlag: flag(form.callRecordingFlag),
    midCallDivertFlag: flag(form.midCallDivertFlag),
    midCallFlag: flag(form.midCallFlag),
    'numbersToReplace[]': numbersToReplace,
    terms: flag(terms),
  });
}
