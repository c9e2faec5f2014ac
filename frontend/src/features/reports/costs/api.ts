import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

export type SpendMonth = components['schemas']['SpendMonth'];
export type SpendLine = components['schemas']['SpendLine'];
export type Saved = components['schemas']['SpendSaved'];

/** spend/getMonth: a month's spend, day by day, and the imports' states. */
export function getSpendMonth(month: string): Promise<SpendMonth> {
  return apiGet<SpendMonth>(month ? `spend/getMonth?month=${encodeURIComponent(month)}` : 'spend/getMonth');
}

/** spend/saveMonth: a month's table of one line, saved whole. */
export function saveSpendMonth(form: {
  month: string;
  source: string;
  campaign: string;
  number: string;
  amounts: string[];
}): Promise<Saved> {
  return apiPost<Saved>('spend/saveMonth', {
    month: form.month,
    sourceMediumId: form.source,
    campaignId: form.campaign,
    routingEntryId: form.number,
    'amounts[]': form.amounts,
  });
}
