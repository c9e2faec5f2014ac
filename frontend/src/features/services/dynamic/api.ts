// The dynamic URL and pool form's calls (spec/billing-subscription-purchase.md section 7), typed.
import type { DynamicPoolForm } from '../../../domain/services';
import { apiGet, apiPost } from '../../../lib/api';
import type { PriceList } from '../static/api';

export interface DynamicDetails {
  internationalCodes: { id: number; description: string; countryCode: string }[];
  prefixes: { id: number; prefix: string; description: string }[];
  numberFormats: { id: number; format: string }[];
  internationalFormats: { id: number; format: string }[];
  servicePlans: { id: number; plan: string }[];
  restrictedDestinationPrefixes: string[];
  audio: { id: number; description: string; fileName: string }[];
  dtmfPostCallOptions: { unique: string; id: number; description: string }[];
  midCallAudioOptions: { id: number; description: string }[];
  poolsAvailableOnAccount: number;
  advancedSettingsLocked: boolean;
  upgradePrompt: string;
}

export function getDynamicDetails(): Promise<DynamicDetails> {
  return apiGet<DynamicDetails>('services/getDynamicDetails');
}

export function checkEligibility(dynamicUrl: number): Promise<{ enoughCredits: boolean; priceList: PriceList }> {
  return apiPost(
    'managevisioncampaigns/checkEligibility',
    dynamicUrl > 0 ? { type: 'pool', campaign_id: dynamicUrl } : { type: 'url' },
  );
}

const flag = (on: boolean) => (on ? '1' : '0');

export function insertDynamicPool(
  form: DynamicPoolForm,
  terms: boolean,
): Promise<{ success: boolean; campaignId: number; numbers: string[] }> {
  const { numbersToReplace, ...rest } = form;
  return apiPost('managevisioncampaigns/insert', {
    ...rest,
    botsFlag: flag(form.botsFlag),
    callRecordingFlag: flag(form.callRecordingFlag),
    midCallDivertFlag: flag(form.midCallDivertFlag),
    midCallFlag: flag(form.midCallFlag),
    'numbersToReplace[]': numbersToReplace,
    terms: flag(terms),
  });
}
