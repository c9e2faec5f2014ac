import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IntegrationIcon, iconSource, iconUrl } from './IntegrationIcon';

describe('IntegrationIcon', () => {
  it('shows the product’s own icons from the script, not by a request each', () => {
    const source = iconSource(iconUrl('hubspot'));
    expect(source.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(source)).toContain('<svg');
  });

  it('keeps any other address as it is', () => {
    expect(iconSource('/manage/integrations/unknown.svg')).toBe('/manage/integrations/unknown.svg');
    render(<IntegrationIcon src="/logos/5.svg" />);
    expect(screen.getByRole('presentation')).toHaveAttribute('src', '/logos/5.svg');
  });

  it('has the icons of the advertising platforms, Zapier and the API', () => {
    for (const id of ['google_analytics', 'google_ads', 'microsoft_ads', 'meta_ads', 'zapier', 'webhooks_api']) {
      expect(iconSource(iconUrl(id)), id).toMatch(/^data:/);
    }
  });
});
