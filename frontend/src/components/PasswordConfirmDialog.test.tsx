import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';

function setup(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (..._args: Parameters<typeof globalThis.fetch>) => answer());
  vi.stubGlobal('fetch', fetch);
  const onConfirmed = vi.fn();
  const onCancel = vi.fn();
  render(<PasswordConfirmDialog open onCancel={onCancel} onConfirmed={onConfirmed} />);
  return { fetch, onConfirmed, onCancel, user: userEvent.setup() };
}

describe('PasswordConfirmDialog', () => {
  test('posts the password and hands the key on when confirmed', async () => {
    const { fetch, onConfirmed, user } = setup(() => jsonResponse({ status: 1, key: 'k-123' }));
    await user.type(screen.getByLabelText('Password'), 'demopass');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('k-123'));

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/handleajax/confirmPassword');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('X-Admin-Area')).toBe('1');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('form_password')).toBe('demopass');
  });

  test('shows the field message of a status 0 answer', async () => {
    const { onConfirmed, user } = setup(() =>
      jsonResponse(
        {
          status: 0,
          data: { form_password: 'The password is incorrect.' },
          success: false,
          code: 'VALIDATION_FAILED',
          errors: { form_password: 'The password is incorrect.' },
        },
        422,
      ),
    );
    const field = screen.getByLabelText('Password');
    await user.type(field, 'wrong{Enter}');
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  test('shows the field message when throttled', async () => {
    const { user } = setup(() => jsonResponse({ status: 0, data: { form_password: 'Too many attempts.' } }, 429));
    await user.type(screen.getByLabelText('Password'), 'again{Enter}');
    expect(await screen.findByText('Too many attempts.')).toBeInTheDocument();
  });

  test('an empty password shows the required message without a request', async () => {
    const { fetch, user } = setup(() => jsonResponse({ status: 1, key: 'never' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password field is required.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('any other failure shows the generic message', async () => {
    const { onConfirmed, user } = setup(() => new Response('oops', { status: 500 }));
    await user.type(screen.getByLabelText('Password'), 'demopass{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  test('the field has focus on open and Escape cancels', async () => {
    const { onCancel, user } = setup(() => jsonResponse({}));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Confirm your password' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
