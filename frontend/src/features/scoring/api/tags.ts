// /tags (docs/tags-api.md): the account's call tags, their rules, and applying them.
import { apiGet, apiPost } from '../../../lib/api';
import type { components } from '../../../lib/api-schema.gen';
import { callRuleFields, type CallRuleValues } from '../../../lib/callRules';

type Schemas = components['schemas'];
export type TagsPage = Schemas['TagsPage'];
export type TagView = Schemas['TagView'];
export type RuleView = Schemas['RuleView'];
export type RulesApplied = Schemas['RulesApplied'];

/** The rule form's values, as posted and as a rule's `form` holds them. */
export type RuleValues = CallRuleValues;

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
  return apiPost(path, callRuleFields(v));
}

export function deleteRule(id: number): Promise<{ success: boolean }> {
  return apiPost(`tags/deleteRule/${id}`, {});
}

export function applyRules(): Promise<RulesApplied> {
  return apiPost<RulesApplied>('tags/applyRules', {});
}
