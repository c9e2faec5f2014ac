import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './Snackbar';

function Saver({ text }: { text: string }) {
  const notify = useSnackbar();
  return (
    <button type="button" onClick={() => notify(text)}>
      Save {text}
    </button>
  );
}

function renderSavers() {
  render(
    <SnackbarProvider>
      <Saver text="Queue 'Sales' saved." />
      <Saver text="Queue 'Support' saved." />
    </SnackbarProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('the snackbar', () => {
  test('says what was saved in a polite live region; a newer message replaces it; Dismiss closes it', async () => {
    const user = userEvent.setup();
    renderSavers();
    await user.click(screen.getByRole('button', { name: "Save Queue 'Sales' saved." }));
    const message = screen.getByText("Queue 'Sales' saved.");
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: "Save Queue 'Support' saved." }));
    expect(screen.queryByText("Queue 'Sales' saved.")).not.toBeInTheDocument();
    expect(screen.getByText("Queue 'Support' saved.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText("Queue 'Support' saved.")).not.toBeInTheDocument();
  });

  test('fades after six seconds on its own', () => {
    vi.useFakeTimers();
    renderSavers();
    act(() => screen.getByRole('button', { name: "Save Queue 'Sales' saved." }).click());
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByText("Queue 'Sales' saved.")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Queue 'Sales' saved.")).not.toBeInTheDocument();
  });

  test('outside a provider, a save still works and shows nothing', async () => {
    const user = userEvent.setup();
    render(<Saver text="Saved." />);
    await user.click(screen.getByRole('button'));
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });
});
