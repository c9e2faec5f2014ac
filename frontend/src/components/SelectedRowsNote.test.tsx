import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import type { RowKey } from './DataTable';
import { SelectedRowsNote, selectedRowsText } from './SelectedRowsNote';

describe('selectedRowsText', () => {
  test('the count alone when every selected row is shown', () => {
    expect(selectedRowsText([1, 2], [1, 2, 3])).toBe('2 selected');
  });

  test('says how many of them the page does not show', () => {
    expect(selectedRowsText([1, 2, 9], [1, 2, 3])).toBe('3 selected, 1 of them not shown on this page');
    expect(selectedRowsText([1, 8, 9], [1, 2, 3])).toBe('3 selected, 2 of them not shown on this page');
  });

  test('says when none of them is shown', () => {
    expect(selectedRowsText([8, 9], [1, 2])).toBe('2 selected, none of them shown on this page');
    expect(selectedRowsText([9], [1, 2])).toBe('1 selected, not shown on this page');
    expect(selectedRowsText([9], [])).toBe('1 selected, not shown on this page');
  });
});

function Harness({ initial, shown }: { initial: RowKey[]; shown: RowKey[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setSelected([1])}>
        Pick one
      </button>
      <SelectedRowsNote selected={selected} shown={shown} onClear={() => setSelected([])} />
    </>
  );
}

describe('SelectedRowsNote', () => {
  test('a status says nothing, with no button, while nothing is selected', () => {
    render(<Harness initial={[]} shown={[1, 2]} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  test('Clear selection is reached by the keyboard, empties the selection and says so', async () => {
    render(<Harness initial={[1, 7]} shown={[1, 2]} />);
    const user = userEvent.setup();
    expect(screen.getByRole('status')).toHaveTextContent('2 selected, 1 of them not shown on this page');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear selection' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    // The focus goes to the note, not lost with the button.
    expect(screen.getByRole('status')).toHaveTextContent('Selection cleared');
    expect(screen.getByRole('status')).toHaveFocus();
    // A new selection is counted again.
    await user.click(screen.getByRole('button', { name: 'Pick one' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1 selected$/);
  });
});
