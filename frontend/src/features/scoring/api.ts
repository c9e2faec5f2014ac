// /scores and /categories (docs/scoring-api.md): scorecards, lead rules and call categories.
import { apiGet, apiPost, type FormFields } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';
import { callRuleFields, type CallRuleValues } from '../../lib/callRules';

type Schemas = components['schemas'];
export type ScoresPage = Schemas['ScoresPage'];
export type ScorecardView = Schemas['ScorecardView'];
export type LeadsApplied = Schemas['LeadsApplied'];
export type CategoriesPage = Schemas['CategoriesPage'];
export type CategoryView = Schemas['CategoryView'];

/** A question as the scorecard form edits it. */
export interface QuestionValues {
  text: string;
  kind: string;
  weight: string;
}

/** The lead rule form's values (the tag rule form's), as posted and as a rule's `form` holds them. */
export type LeadRuleValues = CallRuleValues;

export function getScores(): Promise<ScoresPage> {
  return apiGet<ScoresPage>('scores/getScores');
}

export function saveScorecard(id: number | null, name: string, questions: QuestionValues[]): Promise<{ id: number }> {
  const fields: FormFields = { form_name: name };
  questions.forEach((q, i) => {
    fields[`form_question_text[${i}]`] = q.text;
    fields[`form_question_kind[${i}]`] = q.kind;
    fields[`form_question_weight[${i}]`] = q.weight;
  });
  return apiPost(id === null ? 'scores/addScorecard' : `scores/editScorecard/${id}`, fields);
}

export function deleteScorecard(id: number): Promise<{ calls: number }> {
  return apiPost(`scores/deleteScorecard/${id}`, {});
}

export function saveLeadRule(id: number | null, v: LeadRuleValues): Promise<{ id: number }> {
  return apiPost(id === null ? 'scores/addLeadRule' : `scores/editLeadRule/${id}`, callRuleFields(v));
}

export function deleteLeadRule(id: number): Promise<{ success: boolean }> {
  return apiPost(`scores/deleteLeadRule/${id}`, {});
}

export function applyLeadRules(): Promise<LeadsApplied> {
  return apiPost<LeadsApplied>('scores/applyLeadRules', {});
}

export function getCategories(): Promise<CategoriesPage> {
  return apiGet<CategoriesPage>('categories/getCategories');
}

export function saveCategory(id: number | null, description: string): Promise<{ id: number }> {
  const path = id === null ? 'categories/addCategory' : `categories/renameCategory/${id}`;
  return apiPost(path, { form_description: description });
}

export function deleteCategory(id: number): Promise<{ success: boolean }> {
  return apiPost(`categories/deleteCategory/${id}`, {});
}
