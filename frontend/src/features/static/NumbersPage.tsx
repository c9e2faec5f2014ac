import { useCallback, useMemo } from 'react';
import { DataTable, ROWS_PER_PAGE, type TableQuery } from '../../components/DataTable';
import { PageHeading } from '../../components/PageHeading';
import { SectionLoading } from '../../components/SectionLoading';
import { getNumbers } from './api';
import { allNumbersColumns } from './columns';
import { FailedPage } from './FailedPage';
import { LOAD_FAILED, NO_NUMBERS, NUMBERS_SEARCH_HINT } from './messages';
import { useRemotePages } from './useRemotePages';

/** /numbers: every tracked number of the account, static and pool numbers, paged by the server. */
export function NumbersPage({ title }: { title: string }) {
  const fetchPage = useCallback((query: TableQuery) => getNumbers(query, null), []);
  const { page, loading, failed, error, setQuery } = useRemotePages(fetchPage);
  const columns = useMemo(allNumbersColumns, []);
  if (failed && !page) return <FailedPage title={title} error={error} />;
  return (
    <>
      <PageHeading title={title} />
      {!page && <SectionLoading />}
      {failed && (
        <p role="alert" className="banner banner-error">
          {LOAD_FAILED}
        </p>
      )}
      <p id="numbers-search-hint">{NUMBERS_SEARCH_HINT}</p>
      <div className="card" hidden={!page}>
        <DataTable
          label="Tracked numbers"
          columns={columns}
          rows={page?.numbers ?? []}
          remote={{ total: page?.total ?? 0, loading, onQuery: setQuery }}
          rowKey={(row) => `${row.kind}-${row.id}-${row.number}`}
          pageSize={25}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="numbers"
          defaultSort={{ column: 'bought', direction: 'desc' }}
          emptyText={NO_NUMBERS}
          searchPlaceholder="0161 496, +44 161, campaign, channel or media owner"
        />
      </div>
    </>
  );
}
