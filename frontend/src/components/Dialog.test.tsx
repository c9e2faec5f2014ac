import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  test('submitting a dialog opened inside a form does not submit that form', async () => {
    const outer = vi.fn((event: React.FormEvent) => event.preventDefault());
    const inner = vi.fn();
    render(
      <form onSubmit={outer}>
        <Dialog open title="Inner" onClose={() => {}} onSubmit={inner} actions={<button type="submit">OK</button>}>
          <p>Body</p>
        </Dialog>
      </form>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
