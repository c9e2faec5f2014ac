// /tags (issue 34, docs/tags-api.md): the account's call tags, their rules, and applying them.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';

type Schemas = components['schemas'];
export type TagsPage = Schemas['TagsPage'];
export type TagView = Schemas['TagView'];
export type RuleView = Schemas['RuleView'];
export type RulesApplied = Schemas['RulesApplied'];

/** The rule form's values, as posted and as a rule's `form` holds them. */
export interface RuleValues {
  sourceMedium: string;
  campaign: string;
  minDuration: string;
  key: string;
  firstTime: string;
  outcome: string;
}

export function getTags(): Promise<TagsPage> {
  return apiGet<TagsPage>('tags/getTags');
}

export function saveTag(id: number | null, description: string, colour: string): Promise<{ id: number }> {
  const fields = { form_description: description, form_colour: colour };
  return apiPost(id === null ? 'tags/addTag' : `tags/editTag/${id}`, fields);
}

export function deleteTag(id: number): Promise<{ calls: number }> {
  return apiPost(`tags/deleteTag/${id}`, {});
}

/** Adds a rule to `tagId`, or replaces rule `ruleId`'s conditions. */
export function saveRule(target: { tagId: number } | { ruleId: number }, v: RuleValues): Promise<{ id: number }> {
  const path = 'tagId' in target ? `tags/addRule/${target.tagId}` : `tags/editRule/${target.ruleId}`;
  return apiPost(path, {
    form_source_medium: v.sourceMedium,
    form_campaign: v.campaign,
    form_min_duration: v.minDuration,
    form_key: v.key,
    form_first_time: v.firstTime,
    form_outcome: v.outcome,
  });
}

export function deleteRule(id: number): Promise<{ success: boolean }> {
  return apiPost(`tags/deleteRule/${id}`, {});
}

export function applyRules(): Promise<RulesApplied> {
  return apiPost<RulesApplied>('tags/applyRules', {});
}
