// /vocabularies, /voicetags and /call-insights (docs/speech-api.md).
import { apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type VocabulariesPage = Schemas['VocabulariesPage'];
export type VocabularyView = Schemas['VocabularyView'];
export type VoiceTagsPage = Schemas['VoiceTagsPage'];
export type VoiceTagView = Schemas['VoiceTagView'];
export type VoiceTagSaved = Schemas['VoiceTagSaved'];
export type SpeechInsights = Schemas['SpeechInsights'];
export type CallInsight = Schemas['CallInsight'];

export function getVocabularies(): Promise<VocabulariesPage> {
  return apiGet<VocabulariesPage>('speech/getVocabularies');
}

export function saveVocabulary(id: number | null, description: string, words: string): Promise<{ id: number }> {
  const path = id === null ? 'speech/addVocabulary' : `speech/editVocabulary/${id}`;
  return apiPost(path, { form_description: description, form_words: words });
}

export function deleteVocabulary(id: number): Promise<{ success: boolean }> {
  return apiPost(`speech/deleteVocabulary/${id}`, {});
}

export function getVoiceTags(): Promise<VoiceTagsPage> {
  return apiGet<VoiceTagsPage>('speech/getVoiceTags');
}

export function saveVoiceTag(
  id: number | null,
  description: string,
  phrases: string,
  side: string,
): Promise<VoiceTagSaved> {
  const path = id === null ? 'speech/addVoiceTag' : `speech/editVoiceTag/${id}`;
  return apiPost<VoiceTagSaved>(path, { form_description: description, form_phrases: phrases, form_side: side });
}

export function deleteVoiceTag(id: number): Promise<{ success: boolean }> {
  return apiPost(`speech/deleteVoiceTag/${id}`, {});
}

export function getInsights(preset: string): Promise<SpeechInsights> {
  return apiGet<SpeechInsights>(`speech/getInsights?preset=${encodeURIComponent(preset)}`);
}

export function getCallInsight(id: number): Promise<CallInsight> {
  return apiGet<CallInsight>(`speech/getCallInsight/${id}`);
}
