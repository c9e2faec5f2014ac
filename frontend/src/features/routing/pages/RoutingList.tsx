import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DataTable, ROWS_PER_PAGE, type Column, type RowKey, type TableQuery } from '../../../components/DataTable';
import { DraftBanner } from '../../../components/draft/DraftBanner';
import { PageHeading } from '../../../components/PageHeading';
import { TestCallButton } from '../../../components/phone/PhoneButtons';
import { usePhone } from '../../../components/phone/usePhone';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import { exportNumbersCsv, getNumbersPage, type NumbersPage, type RoutingRow } from '../api/rows';
import { TagManagerDialog } from '../../../components/tagManager/TagManagerDialog';
import { SelectedRowsNote } from '../../../components/SelectedRowsNote';
import { clearSelection, connectPageFor, loadSelection } from '../../../lib/routingSelection';
import { Loading, kindLabel, routeName, routingError, rowName, type RoutingNoticeState } from './connectShared';

export const ROUTING_PAGE_SIZE = 25;

/** A row's Test call button: the row's id is its routing entry's. */
const TEST_CALL_COLUMN: Column<RoutingRow> = {
  id: 'testCall',
  header: 'Actions',
  hiddenHeader: true,
  cell: (row) => <TestCallButton entryId={row.id} number={rowName(row.type, row.numberPool)} />,
};

function routingColumns(testCalls: boolean): Column<RoutingRow>[] {
  const columns: Column<RoutingRow>[] = [
    {
      id: 'numberPool',
      header: 'Number / pool',
      cell: (row) => rowName(row.type, row.numberPool),
      sortValue: (row) => row.numberPool,
    },
    { id: 'type', header: 'Type', cell: (row) => kindLabel(row.type), sortValue: (row) => kindLabel(row.type) },
    { id: 'description', header: 'Description', cell: (row) => row.description, sortValue: (row) => row.description },
    {
      id: 'destination',
      header: 'Destination / service plan',
      cell: (row) => routeName(row),
      sortValue: (row) => row.destination || row.planDescription,
    },
    {
      id: 'recording',
      header: 'Recording',
      cell: (row) => (row.callRecording === 1 ? 'On' : 'Off'),
      sortValue: (row) => row.callRecording,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) =>
        row.provisioned ? (
          'Provisioned'
        ) : (
          <span className="status-pending">Provisioning…</span>
        ),
      sortValue: (row) => (row.provisioned ? 1 : 0),
    },
  ];
  return testCalls ? [...columns, TEST_CALL_COLUMN] : columns;
}

/**
 * The list a page at a time: an account can hold 100,000 numbers, so the server searches,
 * sorts and pages them. While the next page loads the current one stays shown, and
 * so it does when the next page fails (`failed`: the user can try again from the table).
 */
function useNumbersPages(enabled: boolean) {
  const [query, setQuery] = useState<TableQuery | null>(null);
  /** The last page the server sent; null until the first. */
  const [page, setPage] = useState<NumbersPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || !query) return;
    let current = true;
    setLoading(true);
    getNumbersPage(query).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (!current) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, query]);
  return { page, loading, failed, setQuery };
}

export function RoutingList({ title }: { title: string }) {
  const { account } = useAccount();
  const access = routingAccess(account);
  const navigate = useNavigate();
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(
    () => (location.state as Partial<RoutingNoticeState> | null)?.notice ?? null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[]>(() => loadSelection());
  const [connecting, setConnecting] = useState(false);
  const [tagManagerOpen, setTagManagerOpen] = useState(false);
  const { page, loading, failed, setQuery } = useNumbersPages(access.canView);

  // The notice is shown once: a reload of the page must not bring it back.
  useEffect(() => {
    if ((location.state as Partial<RoutingNoticeState> | null)?.notice) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  // The selection holds rows of any page (the note says how many are not shown); the server
  // checks each id again on Connect.
  const selected = picked;
  const shownIds = useMemo(() => (page?.numbers ?? []).map((row) => row.id), [page]);

  const testCalls = usePhone().access.testCalls;
  const columns = useMemo(() => routingColumns(testCalls), [testCalls]);

  if (!access.canView) return <PageHeading title={title} />;

  const showConnect = access.showsConnect && selected.length > 0;
  const showAudio = access.showsAudioLink;
  const showTagManager = access.showsTagManager;

  function clearPicked() {
    setPicked([]);
    clearSelection();
  }

  async function connect() {
    if (connecting || selected.length === 0) return;
    setFailure(null);
    setNotice(null);
    setConnecting(true);
    try {
      navigate(await connectPageFor(selected));
    } catch {
      setFailure(routingError());
      setConnecting(false);
    }
  }

  return (
    <>
      <PageHeading title={title} />
      <DraftBanner canOpen onChanged={() => setQuery((query) => (query ? { ...query } : query))} />
      {notice && (
        <p role="status" className="banner banner-success">
          {notice}
        </p>
      )}
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure}
        </p>
      )}
      {!page && !failed && <Loading>Loading numbers and pools…</Loading>}
      {failed && (
        <p role="alert" className="banner banner-error">
          {routingError()}
        </p>
      )}
      {/* Mounted from the start: the table asks for its first page. */}
      <div className="card routing-list" hidden={!page}>
        <DataTable
          label="Call routing"
          columns={columns}
          rows={page?.numbers ?? []}
          remote={{
            total: page?.total ?? 0,
            loading,
            onQuery: setQuery,
            csvFile: exportNumbersCsv,
          }}
          rowKey={(row) => row.id}
          pageSize={ROUTING_PAGE_SIZE}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="routing"
          defaultSort={{ column: 'numberPool', direction: 'asc' }}
          csvFileName={`${account.productName}_call_routing.csv`}
          onCsvError={() => setFailure(routingError())}
          emptyText="No numbers or pools found."
          selection={{
            selected,
            onChange: (keys: RowKey[]) => setPicked(keys.map(Number)),
            rowLabel: (row) => `Select ${rowName(row.type, row.numberPool)}`,
          }}
          actions={
            <>
              {showTagManager && (
                <button type="button" className="button" onClick={() => setTagManagerOpen(true)}>
                  Tag manager
                </button>
              )}
              {showAudio && (
                <Link className="button" to="/routing/audio">
                  Audio
                </Link>
              )}
              {access.hasAdvanced && (
                <Link className="button" to="/routing/ivrs">
                  IVRs
                </Link>
              )}
              {access.hasAdvanced && (
                <Link className="button" to="/routing/history">
                  Routing history
                </Link>
              )}
              <SelectedRowsNote selected={selected} shown={shownIds} onClear={clearPicked} />
              {showConnect && (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={!access.canConnect || connecting}
                  aria-busy={connecting || undefined}
                  onClick={() => void connect()}
                >
                  Connect
                </button>
              )}
            </>
          }
        />
      </div>
      <TagManagerDialog open={tagManagerOpen} onClose={() => setTagManagerOpen(false)} />
    </>
  );
}
