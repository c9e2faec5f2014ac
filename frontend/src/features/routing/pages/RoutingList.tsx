import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DataTable, ROWS_PER_PAGE, type Column, type RowKey } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import { routingAccess } from '../../../domain/routing';
import { type NumberFormat } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { getNumbersList, getNumbersListForExport, getSelectedDetails, type RoutingRow } from '../api/rows';
import { TagManagerDialog } from '../editors/TagManagerDialog';
import { loadSelection, saveSelection } from '../selection';
import { Loading, kindLabel, routingError, rowName, type RoutingNoticeState } from './connectShared';

export const ROUTING_PAGE_SIZE = 25;

export const CSV_HEADER = ['Type', 'Number / pool', 'Description', 'Destination', 'Service plan', 'Recording'];

function routingColumns(format: NumberFormat): Column<RoutingRow>[] {
  return [
    {
      id: 'numberPool',
      header: 'Number / pool',
      cell: (row) => rowName(row.type, row.numberPool, format),
      sortValue: (row) => row.numberPool,
    },
    { id: 'type', header: 'Type', cell: (row) => kindLabel(row.type), sortValue: (row) => kindLabel(row.type) },
    { id: 'description', header: 'Description', cell: (row) => row.description, sortValue: (row) => row.description },
    {
      id: 'destination',
      header: 'Destination / service plan',
      cell: (row) => row.destination || row.planDescription,
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
}

const recordingCell = (flag: unknown) => (flag === 1 || flag === true || flag === '1' ? 'On' : 'Off');

async function exportRows() {
  const rows = await getNumbersListForExport();
  return rows.map((row) => [
    row.type === 'static' ? 'Static' : row.type === 'dynamic' ? 'Dynamic pool' : row.type,
    row.numberPool,
    row.description,
    row.destination,
    row.planDescription,
    recordingCell(row.callRecording),
  ]);
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
  const [list] = useLoader(access.canView ? getNumbersList : null, [access.canView]);

  // The notice is shown once: a reload of the page must not bring it back.
  useEffect(() => {
    if ((location.state as Partial<RoutingNoticeState> | null)?.notice) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  // The selection holds only rows the list holds (a stored selection may name rows now gone).
  const rows = list.status === 'ready' ? list.data : null;
  const selected = useMemo(() => {
    if (!rows) return [];
    const ids = new Set(rows.map((row) => row.id));
    return picked.filter((id) => ids.has(id));
  }, [rows, picked]);

  const columns = useMemo(() => routingColumns(account.numberFormat), [account.numberFormat]);

  if (!access.canView) return <PageHeading title={title} />;

  const showConnect = account.isAdministrator && !account.isGroupAccount && selected.length > 0;
  const showAudio = access.showsAudioLink;
  const showTagManager = access.showsTagManager;

  async function connect() {
    if (connecting || selected.length === 0) return;
    setFailure(null);
    setNotice(null);
    setConnecting(true);
    saveSelection(selected);
    try {
      const details = await getSelectedDetails(selected);
      navigate(details.hasOnlyBasicFeatures ? '/routing/numbers' : '/routing/numbers/advanced');
    } catch {
      setFailure(routingError());
      setConnecting(false);
    }
  }

  const searchText = (row: RoutingRow) =>
    `${row.numberPool} ${rowName(row.type, row.numberPool, account.numberFormat)} ${row.description} ${row.destination} ${row.planDescription} ${kindLabel(row.type)}`;

  return (
    <>
      <PageHeading title={title} />
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
      {list.status === 'loading' && <Loading>Loading numbers and pools…</Loading>}
      {list.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {routingError()}
        </p>
      )}
      {list.status === 'ready' && (
        <div className="card routing-list">
          <DataTable
            label="Call routing"
            columns={columns}
            rows={list.data}
            rowKey={(row) => row.id}
            pageSize={ROUTING_PAGE_SIZE}
            pageSizeOptions={ROWS_PER_PAGE}
            storageKey="routing"
            defaultSort={{ column: 'numberPool', direction: 'asc' }}
            searchText={searchText}
            csvFileName={`${account.productName}_call_routing.csv`}
            csvHeader={CSV_HEADER}
            csvRows={exportRows}
            onCsvError={() => setFailure(routingError())}
            emptyText="No numbers or pools found."
            selection={{
              selected,
              onChange: (keys: RowKey[]) => setPicked(keys.map(Number)),
              rowLabel: (row) => `Select ${rowName(row.type, row.numberPool, account.numberFormat)}`,
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
                {showConnect && <span className="table-selected-count">{selected.length} selected</span>}
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
      )}
      <TagManagerDialog open={tagManagerOpen} onClose={() => setTagManagerOpen(false)} />
    </>
  );
}
