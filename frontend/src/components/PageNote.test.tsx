import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderPurchase } from './purchase/testUtils';
import { account } from '../test/fixtures';
import { PageNote } from './PageNote';

describe('the note of a page that is not built yet', () => {
  test('says the add-on is active and what happens next', () => {
    renderPurchase(account({ packageScopes: ['report_voice_tags'] }), { ui: <PageNote />, path: '/call-insights' });
    const note = screen.getByRole('region', { name: 'What happens next' });
    expect(note).toHaveTextContent('Speech Insights is active on your account.');
    expect(note).toHaveTextContent('Your recorded calls are transcribed');
  });

  test('says nothing on a built page', () => {
    renderPurchase(account(), { ui: <PageNote />, path: '/routing' });
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
  });
});
