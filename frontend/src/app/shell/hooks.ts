import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStoredState } from '../../lib/useStoredState';

export const MENU_MINIMISED_KEY = 'menuMinimised';
export const SMALL_SCREEN_QUERY = '(max-width: 959.98px)';

/** The side menu's minimised state, kept in localStorage so it survives a reload. */
export function useMinimisedMenu(): [boolean, (minimised: boolean) => void] {
  return useStoredState(MENU_MINIMISED_KEY, false, (stored) => stored === 'true');
}

export function useMediaQuery(query: string): boolean {
  const get = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Open state for a popover: closes on Escape and on a click outside `container`. */
export function usePopover(): {
  open: boolean;
  setOpen: (open: boolean) => void;
  container: RefObject<HTMLDivElement | null>;
} {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, container };
}
