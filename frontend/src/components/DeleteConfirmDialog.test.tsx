import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';

function setup(open = true) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(<DeleteConfirmDialog open={open} message="Delete user Ann Smith?" onCancel={onCancel} onConfirm={onConfirm} />);
  return { onCancel, onConfirm, user: userEvent.setup() };
}

describe('DeleteConfirmDialog', () => {
  test('shows the title, the message and both buttons', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Delete user Ann Smith?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  test('renders nothing while closed', () => {
    setup(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Delete confirms and Cancel cancels', async () => {
    const { user, onCancel, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  test('focus moves into the dialog and Enter confirms', async () => {
    const { user, onConfirm } = setup();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  test('Escape cancels', async () => {
    const { user, onCancel, onConfirm } = setup();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('Tab stays inside the dialog', async () => {
    const { user } = setup();
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  test('takes another title and confirm label', async () => {
    const onConfirm = vi.fn();
    render(
      <DeleteConfirmDialog
        open
        title="Remove from this account"
        confirmLabel="Remove"
        message="Remove Ann Smith?"
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove from this account' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
