// The service plan wrapper keeps the taken descriptions, the description and a row buffer in
// wasm between calls (routing.ts); each must be refreshed when it changes.
import { describe, expect, it } from 'vitest';
import { timeTemplate, validateServicePlan, type ServicePlanForm } from './routing';

const rows = timeTemplate('allSame').map((row) => ({ ...row, routing: 1 }));
const plan = (description: string, planRows = rows): ServicePlanForm => ({ description, rows: planRows });

describe('validateServicePlan between calls', () => {
  it('sees a new list of taken descriptions, even with the same description', () => {
    expect(validateServicePlan(plan('Sales'), ['Support'])).toEqual({});
    expect(validateServicePlan(plan('Sales'), ['sales'])).toEqual({ form_plan_description: 'Description must be unique.' });
    expect(validateServicePlan(plan('Sales'), ['Support'])).toEqual({});
  });

  it('sees the description change and change back', () => {
    const taken = ['Sales'];
    expect(validateServicePlan(plan('Support'), taken)).toEqual({});
    expect(validateServicePlan(plan(''), taken)).toEqual({ form_plan_description: 'Description is required.' });
    expect(validateServicePlan(plan('Support'), taken)).toEqual({});
  });

  it('sees rows added and removed', () => {
    expect(validateServicePlan(plan('Rows'))).toEqual({});
    const extra = [...rows, { ...rows[0] }];
    expect(validateServicePlan(plan('Rows', extra))).not.toEqual({});
    expect(validateServicePlan(plan('Rows', rows.slice(1)))).toEqual({
      'form_from_day[0]': 'Please change the from day and time to Monday 00:00 on row 1',
    });
    expect(validateServicePlan(plan('Rows', []))).toEqual({
      'form_from_day[0]': 'Please change the from day and time to Monday 00:00 on row 1',
    });
    expect(validateServicePlan(plan('Rows'))).toEqual({});
  });
});
