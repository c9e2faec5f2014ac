import type { FormFields } from './api';

/** The conditions of a call rule (a tag rule, a lead scoring rule), as a rule's `form` holds them. */
export interface CallRuleValues {
  sourceMedium: string;
  campaign: string;
  minDuration: string;
  key: string;
  firstTime: string;
  outcome: string;
}

/** A call rule's conditions as the form posts them. */
export function callRuleFields(v: CallRuleValues): FormFields {
  return {
    form_source_medium: v.sourceMedium,
    form_campaign: v.campaign,
    form_min_duration: v.minDuration,
    form_key: v.key,
    form_first_time: v.firstTime,
    form_outcome: v.outcome,
  };
}
