import { useCallback, useState } from 'react';

/**
 * A setting kept in this browser's localStorage under `key` (none: this page only): read when
 * the component mounts, written on every change. Private mode without storage keeps it for
 * this page only.
 */
export function useStoredState<T>(
  key: string | undefined,
  initial: T,
  parse: (stored: string) => T | undefined,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    if (!key) return initial;
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initial : (parse(stored) ?? initial);
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (next: T) => {
      setValue(next);
      if (!key) return;
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // No storage: the setting lasts for this page only.
      }
    },
    [key],
  );
  return [value, set];
}
