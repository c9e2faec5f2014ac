import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { Branding } from '../api';
import { renderPartner } from '../test-utils';

const BRANDING: Branding = {
  topBarBackground: '#4a148c',
  topBarText: '#ffffff',
  logoUrl: null,
  faviconUrl: '/logos/600-favicon.png?v=1',
  canEdit: true,
};

const png = (size: number) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(size - 8)], 'logo.png', { type: 'image/png' });

describe('partner branding', () => {
  test('a low contrast is refused as typed; a good pair and a logo are saved and the shell reloads', async () => {
    const reload = vi.fn(async () => {});
    const fetch = stubApi({
      '/api/partnerportal/getBranding': () => jsonResponse(BRANDING),
      '/api/partnerportal/saveBranding': () => jsonResponse({ success: true }),
    });
    const user = renderPartner('/partner/settings', undefined, reload);
    const text = await screen.findByLabelText('Text colour');
    await user.clear(text);
    await user.type(text, '#5e35b1');
    expect(screen.getByText(/a contrast of at least 4.5 to 1 is needed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('saveBranding'))).toBe(false);

    await user.clear(text);
    await user.type(text, '#ffffff');
    await user.upload(screen.getByLabelText('Logo'), png(2_000));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your branding was saved.', { exact: false })).toHaveClass('banner-success');
    const body = fetch.mock.calls.find(([url]) => String(url).includes('saveBranding'))?.[1]?.body as FormData;
    expect(body.get('form_top_bar_background')).toBe('#4a148c');
    expect((body.get('form_logo') as File).name).toBe('logo.png');
    expect(reload).toHaveBeenCalled();
    // Saved, the chosen file is not sent again with the next save.
    expect((screen.getByLabelText('Logo') as HTMLInputElement).files).toHaveLength(0);
  });

  test('an image that is not a PNG, or too large, is refused when chosen', async () => {
    stubApi({ '/api/partnerportal/getBranding': () => jsonResponse(BRANDING) });
    const user = renderPartner('/partner/settings');
    await user.upload(await screen.findByLabelText('Favicon'), new File(['GIF89a...'], 'f.gif', { type: 'image/png' }));
    expect(await screen.findByText('The favicon must be a PNG image.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Logo'), png(200 * 1024 + 1));
    expect(await screen.findByText('The logo must not exceed 200 KB.')).toBeInTheDocument();
  });

  test("removing the current favicon says so; the server's field messages show on their fields", async () => {
    const fetch = stubApi({
      '/api/partnerportal/getBranding': () => jsonResponse(BRANDING),
      '/api/partnerportal/saveBranding': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_top_bar_background: 'Enter a colour as #rrggbb.' } }, 422),
    });
    const user = renderPartner('/partner/settings');
    expect(await screen.findByRole('img', { name: 'Current favicon' })).toHaveAttribute('src', BRANDING.faviconUrl);
    await user.click(screen.getByRole('checkbox', { name: 'Remove the current favicon' }));
    expect(screen.queryByRole('img', { name: 'Current favicon' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a colour as #rrggbb.')).toBeInTheDocument();
    expect(screen.getByLabelText('Background colour')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Your branding could not be saved.');
    const body = fetch.mock.calls.find(([url]) => String(url).includes('saveBranding'))?.[1]?.body as FormData;
    expect(body.get('form_remove_favicon')).toBe('1');
    expect(body.get('form_remove_logo')).toBeNull();
  });

  test('a user who may not edit sees the branding read-only', async () => {
    stubApi({ '/api/partnerportal/getBranding': () => jsonResponse({ ...BRANDING, canEdit: false }) });
    renderPartner('/partner/settings');
    expect(await screen.findByText('Only an administrator of your account can change the branding.')).toBeInTheDocument();
    expect(screen.getByLabelText('Background colour')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
