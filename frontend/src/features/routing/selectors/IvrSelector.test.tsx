import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { account, jsonResponse } from '../../../test/fixtures';
import { charges, ivrAnswers } from '../editors/ivrTestUtils';
import { IvrSelector } from './IvrSelector';
import { callsTo, posted, renderWithLibrary, stubLibrary, type Answers } from './libraryTestUtils';

function Harness({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <IvrSelector label="IVR" value={value} onChange={setValue} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

function setup(answers: Answers = {}, initial = 0) {
  const fetch = stubLibrary(ivrAnswers(answers));
  const user = renderWithLibrary(<Harness initial={initial} />);
  return { fetch, user };
}

const select = () => screen.getByRole('combobox', { name: 'IVR' });
const chosen = () => screen.getByRole('status', { name: 'chosen' });
const loaded = () => waitFor(() => expect(select()).toBeEnabled());

async function fillNewIvr(user: ReturnType<typeof setup>['user'], description: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Add IVR' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Destination plan, key 1' })).toBeEnabled());
  await user.type(within(dialog).getByLabelText('Description'), description);
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Intro audio' }), 'Welcome message');
  await user.type(within(dialog).getByRole('textbox', { name: 'Description, key 1' }), 'Reception');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Destination plan, key 1' }), 'Reception');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('IVR selector', () => {
  test('lists every IVR, child IVRs too; edit needs a chosen IVR', async () => {
    const { user } = setup();
    await loaded();
    expect(within(select()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select an IVR',
      'Main menu',
      'Billing menu',
      'Closed',
    ]);
    expect(screen.getByRole('button', { name: 'Edit IVR' })).toBeDisabled();
    await user.selectOptions(select(), 'Billing menu');
    expect(chosen()).toHaveTextContent('72');
    expect(screen.getByRole('button', { name: 'Edit IVR' })).toBeEnabled();
  });

  test('within the credits, add opens Add IVR at once and the new IVR is chosen', async () => {
    const { fetch, user } = setup({
      '/api/manageivrrouting/createIvr/0': () => jsonResponse({ success: true, ivrId: 75 }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add IVR' }));
    await fillNewIvr(user, 'Sales menu');
    await waitFor(() => expect(chosen()).toHaveTextContent('75'));
    expect(screen.queryByRole('dialog', { name: 'Multi-level IVR' })).not.toBeInTheDocument();
    const fields = posted(callsTo(fetch, '/api/manageivrrouting/createIvr/0')[0][1]);
    expect(fields.acceptTerms).toBeUndefined();
    expect(fields.isChildIvr).toBe('0');
    expect(callsTo(fetch, '/api/managemultilevelivr/getMultiIvrCharges')).toHaveLength(1);
  });

  test('past the credits the price and terms come first; the terms must be ticked and are sent', async () => {
    const { fetch, user } = setup({
      '/api/managemultilevelivr/getMultiIvrCharges': charges(3),
      '/api/manageivrrouting/createIvr/0': () => jsonResponse({ success: true, ivrId: 75 }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add IVR' }));
    const terms = await screen.findByRole('dialog', { name: 'Multi-level IVR' });
    expect(await within(terms).findByText('£5 per IVR per month')).toBeInTheDocument();
    expect(within(terms).getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute('href', '/conditions');
    const add = within(terms).getByRole('button', { name: 'Add IVR' });
    expect(add).toBeDisabled();
    await user.click(within(terms).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(add);
    expect(screen.queryByRole('dialog', { name: 'Multi-level IVR' })).not.toBeInTheDocument();

    await fillNewIvr(user, 'Sales menu');
    await waitFor(() => expect(chosen()).toHaveTextContent('75'));
    expect(posted(callsTo(fetch, '/api/manageivrrouting/createIvr/0')[0][1]).acceptTerms).toBe('1');
  });

  test('Cancel on the terms adds nothing', async () => {
    const { user } = setup({ '/api/managemultilevelivr/getMultiIvrCharges': charges(4) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add IVR' }));
    const terms = await screen.findByRole('dialog', { name: 'Multi-level IVR' });
    await user.click(within(terms).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('when the price cannot be loaded, Add stays disabled with an error', async () => {
    const { user } = setup({ '/api/managemultilevelivr/getMultiIvrCharges': () => jsonResponse({}, 500) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add IVR' }));
    const terms = await screen.findByRole('dialog', { name: 'Multi-level IVR' });
    expect(await within(terms).findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(within(terms).getByRole('button', { name: 'Add IVR' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Add IVR' })).not.toBeInTheDocument();
  });

  test('edit opens the flowchart of the chosen IVR', async () => {
    const { user } = setup({}, 71);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit IVR' }));
    const flow = await screen.findByRole('dialog', { name: 'Edit Service Plan' });
    expect(await within(flow).findByRole('button', { name: 'Edit IVR Main menu' })).toBeInTheDocument();
  });

  test('a user who cannot edit routing chooses IVRs without add or edit', async () => {
    stubLibrary(ivrAnswers());
    renderWithLibrary(<Harness initial={71} />, account({ isAdministrator: false, userAuthCode: 10 }));
    await waitFor(() => expect(select()).toHaveValue('71'));
    expect(screen.queryByRole('button', { name: 'Add IVR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit IVR' })).not.toBeInTheDocument();
  });
});
