import { useEffect } from 'react';

/**
 * The page's icon: the partner's favicon in its portal and its clients' admin area
 * (account.faviconUrl), else the product's own (index.html's).
 */
export function useFavicon(url: string | null | undefined): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    const original = link.getAttribute('href');
    if (url) link.href = url;
    return () => {
      if (original === null) link.removeAttribute('href');
      else link.setAttribute('href', original);
    };
  }, [url]);
}
