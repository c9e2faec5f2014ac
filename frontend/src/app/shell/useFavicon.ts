import { useEffect } from 'react';

/** The partner favicon last shown in this browser (the spec keeps partner favicons locally). */
export const FAVICON_KEY = 'partnerFavicon';

/** The page's icon link; the first call notes index.html's own icon to put back later. */
function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.dataset.defaultHref === undefined) link.dataset.defaultHref = link.getAttribute('href') ?? '';
  return link;
}

function showDefault(link: HTMLLinkElement): void {
  if (link.dataset.defaultHref) link.setAttribute('href', link.dataset.defaultHref);
  else link.removeAttribute('href');
}

function remember(url: string | null): void {
  try {
    if (url) localStorage.setItem(FAVICON_KEY, url);
    else localStorage.removeItem(FAVICON_KEY);
  } catch {
    // No storage: the favicon waits for the account, as on a first visit.
  }
}

/** At start, before the account is known: the partner favicon this browser showed last. */
export function showStoredFavicon(): void {
  try {
    const stored = localStorage.getItem(FAVICON_KEY);
    if (stored) iconLink().setAttribute('href', stored);
  } catch {
    // No storage: nothing was kept.
  }
}

/**
 * The page's icon: the partner's favicon in its portal and its clients' admin area
 * (account.faviconUrl), else the product's own (index.html's).
 */
export function useFavicon(url: string | null | undefined): void {
  useEffect(() => {
    const link = iconLink();
    if (url) link.setAttribute('href', url);
    else showDefault(link);
    remember(url ?? null);
    return () => showDefault(link);
  }, [url]);
}
