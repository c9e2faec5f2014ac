import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ivrFlow } from '../../../domain/ivr';
import { type IvrLibrary } from '../../../domain';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, type Answers } from '../selectors/libraryTestUtils';
import { describeEnd, describeStep, parsePresses } from './CallSimulator';
import { FlowchartDialog, flowLevels, parseNodeId } from './FlowchartDialog';
import { charges, IVR_LIBRARY, ivrAnswers } from './ivrTestUtils';

const CLONE = '/api/managemultilevelivr/cloneIVR/';

function setup(ivrId = 71, answers: Answers = {}) {
  const onCloned = vi.fn();
  const onClose = vi.fn();
  const fetch = stubLibrary(ivrAnswers(answers));
  const user = renderWithLibrary(<FlowchartDialog open ivrId={ivrId} onClose={onClose} onCloned={onCloned} />);
  return { fetch, user, onCloned, onClose };
}

const flowchart = () => screen.getByRole('dialog', { name: 'Edit Service Plan' });
const drawn = () => screen.findByRole('button', { name: 'Edit IVR Main menu' });
const level = (n: number) =>
  within(screen.getByRole('list', { name: `Level ${n}` }))
    .getAllByRole('listitem')
    .filter((item) => item.hasAttribute('data-node'))
    .map((item) => item.getAttribute('data-node'));

describe('Flowchart dialog', () => {
  test('draws the menus level by level, each key labelled with where it leads', async () => {
    setup();
    await drawn();
    expect(flowchart()).toBeInTheDocument();
    expect(level(1)).toEqual(['ivr-71']);
    expect(level(2)).toEqual(expect.arrayContaining(['routing-21', 'ivr-72', 'voicemail-61']));
    expect(level(3)).toEqual(expect.arrayContaining(['routing-22', 'ivr-73']));
    expect(level(4)).toEqual(['hangup-73']);

    expect(
      within(screen.getByRole('list', { name: 'Keys of Main menu' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1: Reception → Destination plan Reception',
      '2: Billing → IVR Billing menu',
      '3: Leave a message → Voicemail Out of hours',
      '4: Hear again',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Keys of Closed' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['After the audio → Hang up Hang up']);
    for (const name of [
      'Edit IVR Billing menu',
      'Edit IVR Closed',
      'Edit destination plan Reception',
      'Edit destination plan Out of hours',
      'Edit voicemail Out of hours',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Hang up/ })).not.toBeInTheDocument();
    expect(screen.getByText('No loops or dead ends')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone' })).toBeInTheDocument();
  });

  test('loops and dead ends are listed', async () => {
    const library: IvrLibrary = {
      ...IVR_LIBRARY,
      ivrs: [
        {
          ...IVR_LIBRARY.ivrs[1],
          id: 74,
          description: 'Round and round',
          options: [
            { ...IVR_LIBRARY.ivrs[1].options[1], key: '1', ivrId: 74 },
            { ...IVR_LIBRARY.ivrs[1].options[0], key: '2', destinationId: 99 },
          ],
        },
      ],
    };
    setup(74, {
      '/api/managemultilevelivr/getMultiLevelIvr/74': () => jsonResponse({ ivrFlow: ivrFlow(74, library), canClone: false }),
    });
    const issues = await screen.findByRole('list', { name: 'Loops and dead ends' });
    expect(within(issues).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "'Round and round' can reach itself with no way out.",
      "Key 2 of 'Round and round' leads nowhere.",
    ]);
    expect(screen.queryByText('No loops or dead ends')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone' })).not.toBeInTheDocument();
  });

  test('a node opens its editor; a saved IVR draws the flow again', async () => {
    const { fetch, user } = setup(71, {
      '/api/manageivrrouting/updateExistingIvr/': () => jsonResponse({ success: true, ivrId: 72 }),
    });
    await drawn();
    await user.click(screen.getByRole('button', { name: 'Edit IVR Billing menu' }));
    expect(await screen.findByLabelText('Description')).toHaveValue('Billing menu');
    const editor = screen.getByRole('dialog', { name: 'Edit IVR' });
    await waitFor(() => expect(within(editor).getByRole('combobox', { name: 'Category, key 1' })).toBeEnabled());
    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit IVR' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(fetch, '/api/managemultilevelivr/getMultiLevelIvr/71')).toHaveLength(2));
    expect(callsTo(fetch, '/api/manageivrrouting/getIvrLibrary')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Edit destination plan Reception' }));
    const plan = await screen.findByRole('dialog', { name: 'Edit destination plan' });
    await user.click(within(plan).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Edit destination plan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit voicemail Out of hours' }));
    expect(await screen.findByRole('dialog', { name: 'Edit voicemail' })).toBeInTheDocument();
  });

  test("a node's editor opens in place of the flowchart; Escape brings the flowchart back, focus on the node", async () => {
    const { user, onClose } = setup();
    await drawn();
    await user.click(screen.getByRole('button', { name: 'Edit IVR Billing menu' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit IVR' });
    expect(screen.getAllByRole('dialog')).toEqual([editor]);
    expect(screen.queryByRole('dialog', { name: 'Edit Service Plan' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(editor).getByLabelText('Description')).toHaveValue('Billing menu'));
    await waitFor(() => expect(editor.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit IVR' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toEqual([flowchart()]);
    expect(screen.getByRole('button', { name: 'Edit IVR Billing menu' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Edit voicemail Out of hours' }));
    const voicemail = await screen.findByRole('dialog', { name: 'Edit voicemail' });
    expect(screen.getAllByRole('dialog')).toEqual([voicemail]);
    await user.click(within(voicemail).getByRole('button', { name: /^(Cancel|Close)$/ }));
    expect(screen.getByRole('button', { name: 'Edit voicemail Out of hours' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('the simulator follows the keys through the menus to the end', async () => {
    const { user } = setup();
    await drawn();
    const simulator = screen.getByRole('region', { name: 'Simulate a call' });
    fireEvent.change(within(simulator).getByLabelText('Date and time'), { target: { value: '2025-07-16T10:00' } });
    const end = await within(simulator).findByRole('status', { name: 'Simulated call end' });
    expect(end).toHaveTextContent('Destination plan Reception');
    const steps = () =>
      within(simulator)
        .getByRole('list', { name: 'Simulated call steps' })
        .querySelectorAll('li');
    expect(Array.from(steps(), (li) => li.textContent).slice(1)).toEqual([
      'Main menu: No key pressed: the default key (key 1)',
    ]);

    await user.type(within(simulator).getByLabelText('Keys to press'), '2 1');
    expect(Array.from(steps(), (li) => li.textContent).slice(1)).toEqual([
      'Main menu: pressed 2',
      'Billing menu: pressed 1',
    ]);
    expect(end).toHaveTextContent('Destination plan Out of hours');

    await user.clear(within(simulator).getByLabelText('Keys to press'));
    await user.type(within(simulator).getByLabelText('Keys to press'), '3');
    expect(end).toHaveTextContent('Voicemail Out of hours');
    await user.clear(within(simulator).getByLabelText('Keys to press'));
    await user.type(within(simulator).getByLabelText('Keys to press'), '2 3');
    expect(end).toHaveTextContent('Hang up: The menu hangs up after its audio.');
  });

  test('Clone within the credits copies the menu and hands over the copy', async () => {
    const { fetch, user, onCloned } = setup(71, {
      [CLONE]: () => jsonResponse({ status: true, data: { id: 78 } }),
    });
    await drawn();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(onCloned).toHaveBeenCalledWith(78));
    expect(posted(callsTo(fetch, CLONE)[0][1])).toEqual({ id: '71', acceptTerms: '0' });
    expect(callsTo(fetch, '/api/manageivrrouting/getIvrList/1')).toHaveLength(2);
  });

  test('Clone past the credits asks for the terms first and sends them', async () => {
    const { fetch, user, onCloned } = setup(71, {
      '/api/managemultilevelivr/getMultiIvrCharges': charges(3),
      [CLONE]: () => jsonResponse({ status: true, data: { id: 78 } }),
    });
    await drawn();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    const terms = await screen.findByRole('dialog', { name: 'Multi-level IVR' });
    await within(terms).findByText('£5 per IVR per month');
    await user.click(within(terms).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(within(terms).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(onCloned).toHaveBeenCalledWith(78));
    expect(posted(callsTo(fetch, CLONE)[0][1])).toEqual({ id: '71', acceptTerms: '1' });
  });

  test('a refused clone says why; a failed one says something went wrong', async () => {
    let answer = jsonResponse({ status: 'false', message: 'Please accept the terms to add another IVR.' });
    const { user, onCloned } = setup(71, { [CLONE]: () => answer });
    await drawn();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please accept the terms to add another IVR.');
    answer = jsonResponse({ success: false }, 500);
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again.'));
    expect(onCloned).not.toHaveBeenCalled();
  });

  test('a flow that fails to load says so', async () => {
    setup(71, { '/api/managemultilevelivr/getMultiLevelIvr/71': () => jsonResponse({}, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong\. Please try again or contact us/);
  });
});

describe('Flow helpers', () => {
  test('node ids and levels', () => {
    expect(parseNodeId('ivr-3')).toEqual({ kind: 'ivr', id: 3 });
    expect(parseNodeId('hangup-9')).toEqual({ kind: 'hangup', id: 9 });
    expect(parseNodeId('start')).toBeNull();
    const levels = flowLevels(ivrFlow(72, IVR_LIBRARY), 'ivr-72').map((nodes) => nodes.map((n) => n.id).sort());
    expect(levels).toEqual([['ivr-72'], ['ivr-71', 'ivr-73', 'routing-22'], ['hangup-73', 'routing-21', 'voicemail-61']]);
  });

  test('presses and step texts', () => {
    expect(parsePresses('2 1')).toEqual(['2', '1']);
    expect(parsePresses('2,1 #')).toEqual(['2', '1', '#']);
    expect(parsePresses('21')).toEqual(['2', '1']);
    expect(describeStep({ kind: 'menu', ivr: 1, description: 'Main menu', pressed: '2', note: 'Pressed' })).toBe(
      'Main menu: pressed 2',
    );
    expect(describeStep({ kind: 'menu', ivr: 1, description: 'Main menu', pressed: '4', note: 'Repeat' })).toBe(
      'Main menu: Repeat (key 4)',
    );
    expect(describeEnd({ kind: 'destinationPlan', id: 1, description: 'Accounts' })).toBe('Destination plan Accounts');
    expect(describeEnd({ kind: 'voicemail', id: 1, description: 'Out of hours' })).toBe('Voicemail Out of hours');
    expect(describeEnd({ kind: 'hangUp', reason: 'No row of the service plan covers this time.' })).toBe(
      'Hang up: No row of the service plan covers this time.',
    );
  });
});
