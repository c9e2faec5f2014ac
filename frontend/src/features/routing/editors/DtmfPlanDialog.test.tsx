import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { DtmfPlanDialog } from './DtmfPlanDialog';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<DtmfPlanDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

const field = (name: string) => screen.getByLabelText(name);
const combo = (name: string) => screen.getByRole('combobox', { name });

const PLAN = {
  DtmfID: 111,
  DtmfDescription: 'Agent code',
  DtmfAudiID: 51,
  DtmfEndAudiID: 52,
  DtmfMinLength: 3,
  DtmfMaxLength: 6,
  DtmfInitialKeyTimeout: 5,
  DtmfInterKeyTimeout: 2,
  DtmfSkipAudioFlag: 1,
};

describe('DTMF plan dialog', () => {
  test('Add DTMF plan: defaults, the rules as the user chooses, then created', async () => {
    const { fetch, user, onSaved } = setup(0, {
      '/api/managedtmf/create': () => jsonResponse({ success: true, planId: 113 }),
    });
    expect(screen.getByRole('dialog', { name: 'Add DTMF plan' })).toBeInTheDocument();
    expect(combo('Minimum digits')).toHaveDisplayValue('1');
    expect(combo('Initial key timeout')).toHaveDisplayValue('1 second');
    expect(combo('Inter key timeout')).toHaveDisplayValue('1 second');
    expect(combo('Maximum digits').querySelectorAll('option')).toHaveLength(15);
    expect(combo('Inter key timeout').querySelectorAll('option')).toHaveLength(30);
    await waitFor(() => expect(combo('Intro audio')).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The description field is required.')).toBeInTheDocument();
    expect(screen.getByText('The intro audio field is required.')).toBeInTheDocument();
    expect(screen.getByText('The end audio field is required.')).toBeInTheDocument();

    await user.type(field('Description'), 'Order number');
    await user.selectOptions(combo('Intro audio'), 'Welcome message');
    await user.selectOptions(combo('End audio'), 'Closed message');
    await user.selectOptions(combo('Minimum digits'), '8');
    expect(screen.getByText('Minimum digits cannot be greater than maximum digits')).toBeInTheDocument();
    await user.selectOptions(combo('Maximum digits'), '10');
    expect(screen.queryByText('Minimum digits cannot be greater than maximum digits')).not.toBeInTheDocument();
    await user.selectOptions(combo('Initial key timeout'), '30 seconds');
    await user.click(screen.getByRole('switch', { name: 'Skip audio' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(113));
    expect(posted(callsTo(fetch, '/api/managedtmf/create')[0][1])).toEqual({
      description: 'Order number',
      introAudio: '51',
      endAudio: '52',
      minimumDigits: '8',
      maximumDigits: '10',
      initialTimeout: '30',
      internalTimeout: '1',
      skipAudio: '1',
    });
    expect(callsTo(fetch, '/api/manageconnections/getAttributionOptions')).toHaveLength(2);
  });

  test('Edit DTMF plan loads it (managedtmf/editPlan) and updates it with planId', async () => {
    const { fetch, user, onSaved } = setup(111, {
      '/api/managedtmf/editPlan': () => jsonResponse({ data: PLAN }),
      '/api/managedtmf/update': () => jsonResponse({ success: true, planId: 111 }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Agent code');
    expect(screen.getByRole('dialog', { name: 'Edit DTMF plan' })).toBeInTheDocument();
    expect(posted(callsTo(fetch, '/api/managedtmf/editPlan')[0][1])).toEqual({ id: '111' });
    await waitFor(() => expect(combo('End audio')).toHaveDisplayValue('Closed message'));
    expect(combo('Maximum digits')).toHaveDisplayValue('6');
    expect(screen.getByRole('switch', { name: 'Skip audio' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Skip audio' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(111));
    expect(posted(callsTo(fetch, '/api/managedtmf/update')[0][1])).toEqual({
      description: 'Agent code',
      introAudio: '51',
      endAudio: '52',
      minimumDigits: '3',
      maximumDigits: '6',
      initialTimeout: '5',
      internalTimeout: '2',
      skipAudio: '0',
      planId: '111',
    });
  });

  test('a plan that fails to load says so; a save the server refuses shows its messages', async () => {
    const { user } = setup(111, {
      '/api/managedtmf/editPlan': () => jsonResponse({ data: PLAN }),
      '/api/managedtmf/update': () =>
        unprocessable('VALIDATION_FAILED', { endAudio: 'The end audio field is required.', other: 'Odd.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The end audio field is required.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Odd.');
  });

  test('an edit whose plan cannot be loaded says so', async () => {
    setup(111, { '/api/managedtmf/editPlan': () => jsonResponse({ success: false }, 404) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong\. Please try again or contact us/);
  });
});
