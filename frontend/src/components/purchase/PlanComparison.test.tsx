import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fixtures';
import { PlanComparisonTable } from './PlanComparison';
import { PlanComparisonDialog } from './PlanComparisonDialog';

const PLANS = [
  { plan: 'Starter', included: ['routing_simple'], addons: ['report_voice_tags'] },
  { plan: 'Professional', included: ['routing_simple', 'routing_ivr'], addons: ['report_voice_tags'] },
  { plan: 'Enterprise', included: ['routing_simple', 'routing_ivr', 'report_voice_tags'], addons: [] },
];

describe('the plan comparison', () => {
  test('ticks what a plan includes and marks add-ons Costs apply, by category', () => {
    render(<PlanComparisonTable plans={PLANS} />);
    const table = screen.getByRole('table', { name: 'Features by plan' });
    expect(within(table).getByRole('row', { name: /^IVR menus/ })).toHaveTextContent('IVR menus–Not included✓Included✓Included');
    expect(within(table).getByRole('row', { name: /^Speech analytics/ })).toHaveTextContent(
      'Speech analyticsCosts applyCosts apply✓Included',
    );
    expect(within(table).getByRole('columnheader', { name: 'Enterprise' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Call routing' })).toBeInTheDocument();
  });

  test('the key features are a shorter list', () => {
    render(<PlanComparisonTable plans={PLANS} keyOnly />);
    const table = screen.getByRole('table', { name: 'Key features by plan' });
    expect(within(table).queryByRole('row', { name: /^Call queues/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^IVR menus/ })).toBeInTheDocument();
  });

  test('the modal loads the plans from the server', async () => {
    stubApi({ '/api/services/getPlanScopes': () => jsonResponse({ plans: PLANS }) });
    render(<PlanComparisonDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Compare plans' });
    expect(await within(dialog).findByRole('table', { name: 'Features by plan' })).toBeInTheDocument();
  });
});
