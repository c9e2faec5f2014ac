import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * Runs the fetcher on mount and whenever a key changes (null: not yet); reload() fetches again
 * and keeps the current data on screen meanwhile. Answers of superseded requests are dropped.
 */
export function useLoader<T>(fetcher: (() => Promise<T>) | null, keys: unknown[] = []): [Load<T>, () => Promise<void>] {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const latest = useRef(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const run = useCallback(async () => {
    const fetch = fetcherRef.current;
    if (!fetch) return;
    const request = ++latest.current;
    try {
      const data = await fetch();
      if (request === latest.current) setLoad({ status: 'ready', data });
    } catch (error) {
      if (request === latest.current) setLoad({ status: 'failed', error });
    }
  }, []);

  const enabled = fetcher !== null;
  useEffect(() => {
    if (!enabled) return;
    setLoad({ status: 'loading' });
    void run();
    return () => {
      latest.current++;
    };
  }, [enabled, run, ...keys]);

  return [load, run];
}
