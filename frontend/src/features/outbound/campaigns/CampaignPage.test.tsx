import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { CampaignPageData } from './api';
import { CampaignPage, NO_SUCH_CAMPAIGN } from './CampaignPage';

const REFUSAL = 'This campaign is used by 1 agent: Olivia Owen. Move them to another campaign first.';

function data(): CampaignPageData {
  return {
    id: 7,
    name: 'Spring recall',
    agents: [{ id: 1, name: 'Olivia Owen', email: 'owner@demo.test' }],
    deleteQuestion: REFUSAL,
    canEdit: true,
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({ '/api/outboundcampaigns/getCampaign/7': () => jsonResponse(data()), ...routes });
  render(
    <MemoryRouter>
      <main>
        <CampaignPage title="Outbound campaign" id={7} />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

describe('an outbound campaign page', () => {
  test('names its agents and refuses the delete while they use it', async () => {
    const { user, fetch } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Outbound campaign: Spring recall' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Olivia Owen' })).toHaveAttribute('href', '/agents/1');
    await user.click(screen.getByRole('button', { name: 'Delete campaign' }));
    expect(screen.getByText(REFUSAL)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('deleteCampaign'))).toBe(false);
  });

  test('another account’s campaign is not found', async () => {
    renderPage({ '/api/outboundcampaigns/getCampaign/7': () => jsonResponse({ success: false }, 404) });
    expect(await screen.findByText(NO_SUCH_CAMPAIGN)).toBeInTheDocument();
  });
});
