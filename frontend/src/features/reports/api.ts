import { apiDownload, apiGet, apiPost } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';

export type CallLog = components['schemas']['CallLog'];
export type CallLogRow = components['schemas']['CallLogRow'];
export type CallFilters = components['schemas']['CallFilters'];
export type CallDetail = components['schemas']['CallDetail'];
export type CallDimensions = components['schemas']['CallDimensions'];

/** reports/getCalls: a page of the account's calls for the query string of the filters. */
export function getCalls(query: string): Promise<CallLog> {
  return apiGet<CallLog>(`reports/getCalls?${query}`);
}

/** reports/getCallFilters: the account's sources, campaigns, numbers and the outcomes. */
export function getCallFilters(): Promise<CallFilters> {
  return apiGet<CallFilters>('reports/getCallFilters');
}

/** reports/getCall/{id}: one call with its journey. */
export function getCall(id: number): Promise<CallDetail> {
  return apiGet<CallDetail>(`reports/getCall/${id}`);
}

/** reports/exportCallsCsv: every call of the filters, as the server writes it. */
export function exportCalls(query: string) {
  return apiDownload(`reports/exportCallsCsv?${query}`);
}

export type CallTags = components['schemas']['CallTags'];
export type CallScoring = components['schemas']['CallScoring'];

/** reports/scoreCall/{id}: scores the call with a scorecard (one answer a question); the call's scores after. */
export function scoreCall(id: number, scorecardId: number, answers: string[]): Promise<CallScoring> {
  const fields: Record<string, string | number> = { form_scorecard_id: scorecardId };
  answers.forEach((answer, i) => (fields[`form_answer[${i}]`] = answer));
  return apiPost<CallScoring>(`reports/scoreCall/${id}`, fields);
}

/** reports/tagCall/{id}: puts a tag on the call by hand; the call's tags after. */
export function tagCall(id: number, tagId: number): Promise<CallTags> {
  return apiPost<CallTags>(`reports/tagCall/${id}`, { form_tag_id: tagId });
}

/** reports/untagCall/{id}: takes a tag off the call; the call's tags after. */
export function untagCall(id: number, tagId: number): Promise<CallTags> {
  return apiPost<CallTags>(`reports/untagCall/${id}`, { form_tag_id: tagId });
}

/** customdimensions/getCallDimensions/{id}: the account's custom dimensions with the call's values. */
export function getCallDimensions(callId: number): Promise<CallDimensions> {
  return apiGet<CallDimensions>(`customdimensions/getCallDimensions/${callId}`);
}

/** Sets (or, with '', clears) a call's value; the call's values after. */
export function setCallDimension(callId: number, dimensionId: number, value: string): Promise<CallDimensions> {
  return apiPost<CallDimensions>(`customdimensions/setCallDimension/${callId}`, {
    form_dimension_id: dimensionId,
    form_value: value,
  });
}

export type CallTranscript = components['schemas']['CallTranscript'];

/** reports/getTranscript/{id}: the call's transcript, or where it stands (made in the background). */
export function getTranscript(id: number): Promise<CallTranscript> {
  return apiGet<CallTranscript>(`reports/getTranscript/${id}`);
}

export type CallFollowedUp = components['schemas']['CallFollowedUp'];

/** reports/followUpCall/{id}: marks the call handled or "we called back" ('' clears); the row after. */
export function followUpCall(id: number, followUp: string): Promise<CallFollowedUp> {
  return apiPost<CallFollowedUp>(`reports/followUpCall/${id}`, { followUp });
}

/** reports/noteCall/{id}: keeps a note on the call ('' removes it); the row after. */
export function noteCall(id: number, note: string): Promise<CallFollowedUp> {
  return apiPost<CallFollowedUp>(`reports/noteCall/${id}`, { note });
}
