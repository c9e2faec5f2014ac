import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FAVICON_KEY, showStoredFavicon, useFavicon } from './useFavicon';

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]');

beforeEach(() => {
  // Only this test's icon link: one left by another file's shell would be found first.
  for (const stale of document.querySelectorAll('link[rel="icon"]')) stale.remove();
  const link = document.createElement('link');
  link.rel = 'icon';
  link.setAttribute('href', '/favicon.svg');
  document.head.appendChild(link);
});

afterEach(() => icon()?.remove());

describe('useFavicon', () => {
  test("shows the partner's favicon and puts the product's back", () => {
    const { rerender, unmount } = renderHook(({ url }) => useFavicon(url), { initialProps: { url: '/logos/600-favicon.png?v=1' as string | null } });
    expect(icon()?.getAttribute('href')).toBe('/logos/600-favicon.png?v=1');
    rerender({ url: null });
    expect(icon()?.getAttribute('href')).toBe('/favicon.svg');
    rerender({ url: '/logos/600-favicon.png?v=2' });
    expect(icon()?.getAttribute('href')).toBe('/logos/600-favicon.png?v=2');
    unmount();
    expect(icon()?.getAttribute('href')).toBe('/favicon.svg');
  });

  test('keeps the favicon in this browser, to show it at the next start before the account is known', () => {
    renderHook(() => useFavicon('/logos/600-favicon.png?v=1')).unmount();
    expect(localStorage.getItem(FAVICON_KEY)).toBe('/logos/600-favicon.png?v=1');
    icon()?.remove();
    const fresh = document.createElement('link');
    fresh.rel = 'icon';
    fresh.setAttribute('href', '/favicon.svg');
    document.head.appendChild(fresh);

    showStoredFavicon();
    expect(icon()?.getAttribute('href')).toBe('/logos/600-favicon.png?v=1');
    // An account without a favicon shows the product's own and forgets the partner's.
    renderHook(() => useFavicon(null));
    expect(icon()?.getAttribute('href')).toBe('/favicon.svg');
    expect(localStorage.getItem(FAVICON_KEY)).toBeNull();
  });
});
