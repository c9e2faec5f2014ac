// /tryspeech (docs/services-api.md): the speech analytics trial.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
/** The trial's state and texts, and what this user may do. */
export type SpeechTrialAnswer = Schemas['SpeechTrialAnswer'];
export type SpeechTrialPage = Schemas['SpeechTrialPage'];

export function getTrial(): Promise<SpeechTrialAnswer> {
  return apiGet<SpeechTrialAnswer>('tryspeech/getTrial');
}

/** Starts the trial; the terms tickbox as the spec stores it (1 ticked). */
export function startTrial(terms: 0 | 1): Promise<SpeechTrialAnswer> {
  return apiPost<SpeechTrialAnswer>('tryspeech/startTrial', { terms });
}

export function cancelTrial(): Promise<SpeechTrialAnswer> {
  return apiPost<SpeechTrialAnswer>('tryspeech/cancelTrial', {});
}
