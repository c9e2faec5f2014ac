import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import type { Option } from './fields';
import { matching, SearchSelectField, SHOWN_MAX } from './SearchSelectField';

const NUMBERS: Option[] = Array.from({ length: 120 }, (_, i) => ({
  value: String(i + 1),
  label: `01632 960 ${String(i + 1).padStart(3, '0')}`,
}));
const OPTIONS = [...NUMBERS, { value: 'pool', label: 'Website visitors' }];

function Picker({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <SearchSelectField label="Number" value={value} options={OPTIONS} placeholder="No number" onChange={setValue} />
      <output aria-label="Chosen">{value}</output>
    </>
  );
}

describe('a searchable choice', () => {
  test('matching ignores case and spaces and needs every word', () => {
    expect(matching(OPTIONS, '960005').map((o) => o.value)).toEqual(['5']);
    expect(matching(OPTIONS, 'website VIS').map((o) => o.value)).toEqual(['pool']);
    expect(matching(OPTIONS, 'website 960')).toEqual([]);
    expect(matching(OPTIONS, '  ')).toHaveLength(OPTIONS.length);
  });

  test('typing narrows the list, the arrows move and Enter chooses', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Number' });
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // The empty choice first, then the first 50, and how many more there are.
    expect(screen.getAllByRole('option')).toHaveLength(SHOWN_MAX + 1);
    expect(screen.getByText(`${OPTIONS.length - SHOWN_MAX} more: type to narrow the list.`)).toBeInTheDocument();
    await user.type(box, '96011');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `01632 960 11${i}`),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[2].id);
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('112');
    expect(box).toHaveValue('01632 960 112');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape and leaving the box keep the choice as it was; nothing matching says so', async () => {
    render(<Picker start="pool" />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Number' });
    expect(box).toHaveValue('Website visitors');
    await user.click(box);
    await user.keyboard('zzz');
    expect(screen.getByText('Nothing matches "zzz".')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('Website visitors');
    await user.type(box, '960 007');
    await user.tab();
    expect(box).toHaveValue('Website visitors');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('pool');
    // A click chooses, and the empty choice clears.
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'No number' }));
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('');
  });
});
