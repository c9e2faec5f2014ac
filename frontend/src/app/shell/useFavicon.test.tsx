import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { useFavicon } from './useFavicon';

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]');

afterEach(() => icon()?.remove());

describe('useFavicon', () => {
  test("shows the partner's favicon and puts the product's back", () => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.setAttribute('href', '/favicon.svg');
    document.head.appendChild(link);
    const { rerender, unmount } = renderHook(({ url }) => useFavicon(url), { initialProps: { url: '/logos/600-favicon.png?v=1' as string | null } });
    expect(icon()?.getAttribute('href')).toBe('/logos/600-favicon.png?v=1');
    rerender({ url: null });
    expect(icon()?.getAttribute('href')).toBe('/favicon.svg');
    rerender({ url: '/logos/600-favicon.png?v=2' });
    unmount();
    expect(icon()?.getAttribute('href')).toBe('/favicon.svg');
  });
});
