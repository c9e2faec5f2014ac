import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { CallDimensions } from '../api';
import { CallDimensionsSection } from './CallDimensionsSection';

function answer(policy = 'Car', premium = ''): CallDimensions {
  return {
    canSet: true,
    fields: [
      { id: 3, name: 'Policy type', kind: 'choice', choices: ['Car', 'Home'], value: policy },
      { id: 4, name: 'Quoted premium', kind: 'number', choices: [], value: premium },
    ],
  };
}

describe("a call's custom dimensions", () => {
  test('are edited with the domain checking each value, and saved field by field', async () => {
    const fetch = stubApi({
      '/api/customdimensions/getCallDimensions/7': () => jsonResponse(answer()),
      '/api/customdimensions/setCallDimension/7': (init) => {
        const body = init?.body as FormData;
        return jsonResponse(body.get('form_dimension_id') === '3' ? answer('Home') : answer('Home', '1250.5'));
      },
    });
    const changed = vi.fn();
    render(<CallDimensionsSection callId={7} onChanged={changed} />);
    const form = await screen.findByRole('form', { name: 'Custom dimensions of this call' });
    expect(within(form).getByLabelText('Policy type')).toHaveValue('Car');
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Policy type'), 'Home');
    await user.type(within(form).getByLabelText('Quoted premium'), 'lots');
    expect(within(form).getByText('Enter a number, such as 1250 or 99.95.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Quoted premium'));
    await user.type(within(form).getByLabelText('Quoted premium'), '1,250.50');
    await user.click(within(form).getByRole('button', { name: 'Save values' }));
    expect(await screen.findByText('The custom dimensions were saved.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Quoted premium')).toHaveValue('1250.5');
    const sets = fetch.mock.calls.filter(([url]) => String(url).includes('setCallDimension'));
    expect(sets.map(([, init]) => (init?.body as FormData).get('form_value'))).toEqual(['Home', '1,250.50']);
    expect(changed).toHaveBeenCalled();
  });

  test('are read only without the right, and absent when the account has none', async () => {
    stubApi({ '/api/customdimensions/getCallDimensions/7': () => jsonResponse({ ...answer(), canSet: false }) });
    const { unmount } = render(<CallDimensionsSection callId={7} />);
    const form = await screen.findByRole('form', { name: 'Custom dimensions of this call' });
    expect(within(form).getByLabelText('Policy type')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save values' })).toBeNull();
    unmount();
    const fetch = stubApi({ '/api/customdimensions/getCallDimensions/8': () => jsonResponse({ canSet: true, fields: [] }) });
    const { container } = render(<CallDimensionsSection callId={8} />);
    // Loaded (the request answered and the loading line gone), and nothing shown.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Loading the custom dimensions…')).toBeNull());
    expect(container.querySelector('section')).toBeNull();
  });
});
