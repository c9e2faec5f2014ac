import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { DiscardChangesDialog } from './DiscardChangesDialog';

function setup(open = true) {
  const onKeepEditing = vi.fn();
  const onDiscard = vi.fn();
  render(
    <DiscardChangesDialog
      open={open}
      message="Your changes to Leeds have not been saved."
      onKeepEditing={onKeepEditing}
      onDiscard={onDiscard}
    />,
  );
  return { onKeepEditing, onDiscard, user: userEvent.setup() };
}

describe('DiscardChangesDialog', () => {
  test('asks, with the message and both answers; Keep editing has the focus', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent('Your changes to Leeds have not been saved.');
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
  });

  test('renders nothing while closed', () => {
    setup(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Enter on the focused button keeps editing; only Discard changes discards', async () => {
    const { user, onKeepEditing, onDiscard } = setup();
    await user.keyboard('{Enter}');
    expect(onKeepEditing).toHaveBeenCalledTimes(1);
    expect(onDiscard).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  test('Escape keeps editing', async () => {
    const { user, onKeepEditing, onDiscard } = setup();
    await user.keyboard('{Escape}');
    expect(onKeepEditing).toHaveBeenCalledTimes(1);
    expect(onDiscard).not.toHaveBeenCalled();
  });
});
