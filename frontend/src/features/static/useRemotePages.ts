import { useCallback, useEffect, useState } from 'react';
import type { TableQuery } from '../../components/DataTable';

/**
 * A server-paged list: the table's query asks for a page; reload() asks again for the same
 * one (after an action). The current page stays shown while the next loads or if it fails.
 */
export function useRemotePages<P>(fetchPage: (query: TableQuery) => Promise<P>, keys: unknown[] = []) {
  const [query, setQuery] = useState<TableQuery | null>(null);
  const [version, setVersion] = useState(0);
  const [page, setPage] = useState<P | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!query) return;
    let current = true;
    setLoading(true);
    fetchPage(query).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setError(null);
        setLoading(false);
      },
      (caught: unknown) => {
        if (!current) return;
        setError(caught ?? new Error('failed'));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // fetchPage changes with the keys only.
  }, [query, version, ...keys]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { page, loading, failed: error !== null, error, setQuery, reload };
}
