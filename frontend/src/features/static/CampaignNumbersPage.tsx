import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DataTable, ROWS_PER_PAGE, type RowKey, type TableQuery } from '../../components/DataTable';
import { LoadedPage } from '../../components/LoadedPage';
import { LocationNotice } from '../../components/LocationNotice';
import { ResultBanner, type Outcome } from '../../components/ResultBanner';
import { useLoader } from '../../lib/useLoader';
import { connectPageFor } from '../../lib/routingSelection';
import { getCampaign, getNumberLists, getNumbers, type NumberLists, type NumberRow } from './api';
import { campaignColumns } from './columns';
import { EditAttributionDialog } from './EditAttributionDialog';
import { ACTION_FAILED, CAMPAIGN_NOT_FOUND, failedText, LOAD_FAILED, NO_CAMPAIGN_NUMBERS } from './messages';
import { MoveDialog } from './MoveDialog';
import { ReleaseFlow } from './ReleaseFlow';
import { useRemotePages } from './useRemotePages';

const digits = (number: string) => number.replace(/\D/g, '');

/** The numbers a purchase that landed here bought (`state.bought`), as digits. */
function boughtNumbers(state: unknown): Set<string> {
  const bought = (state as { bought?: unknown } | null)?.bought;
  return new Set(Array.isArray(bought) ? bought.filter((n): n is string => typeof n === 'string').map(digits) : []);
}

type Action = 'edit' | 'move' | 'release' | null;

/** /campaigns/{id}: the campaign's numbers, with actions on the selected rows. */
export function CampaignNumbersPage({ id }: { id: number }) {
  const [load] = useLoader(() => getCampaign(id), [id]);
  const title = load.status === 'ready' ? load.data.description : 'Campaign';
  return (
    <LoadedPage title={title} load={load} failedText={failedText(load, CAMPAIGN_NOT_FOUND)}>
      {() => <CampaignNumbers id={id} />}
    </LoadedPage>
  );
}

function CampaignNumbers({ id }: { id: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const fresh = useMemo(() => boughtNumbers(location.state), [location.state]);
  const fetchPage = useCallback((query: TableQuery) => getNumbers(query, id), [id]);
  const { page, loading, failed, setQuery, reload } = useRemotePages(fetchPage, [id]);
  const [listsLoad] = useLoader(getNumberLists);
  const [lists, setLists] = useState<NumberLists | null>(null);
  const shownLists = lists ?? (listsLoad.status === 'ready' ? listsLoad.data : null);
  const canEdit = shownLists?.canEdit ?? false;
  const [picked, setPicked] = useState<number[]>([]);
  const [known, setKnown] = useState<Map<number, NumberRow>>(new Map());
  const [action, setAction] = useState<Action>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [routing, setRouting] = useState(false);

  const rows = page?.numbers ?? [];
  const selectedRows = picked.map((key) => known.get(key) ?? rows.find((row) => row.id === key)).filter(
    (row): row is NumberRow => !!row,
  );
  const columns = useMemo(() => campaignColumns((row) => fresh.has(digits(row.number))), [fresh]);

  function done(text: string) {
    setOutcome({ kind: 'success', text });
    setAction(null);
    setPicked([]);
    reload();
  }

  function failedAction(text: string) {
    setOutcome({ kind: 'error', text });
    setAction(null);
  }

  async function changeRouting() {
    setRouting(true);
    try {
      navigate(await connectPageFor(picked));
    } catch {
      setRouting(false);
      failedAction(ACTION_FAILED);
    }
  }

  const some = picked.length > 0;
  return (
    <>
      <LocationNotice />
      {fresh.size > 0 && (
        <p>The numbers just bought are marked New and highlighted below.</p>
      )}
      <ResultBanner outcome={outcome} />
      {failed && (
        <p role="alert" className="banner banner-error">
          {LOAD_FAILED}
        </p>
      )}
      <div className="card">
        <DataTable
          label="Campaign numbers"
          columns={columns}
          rows={rows}
          remote={{ total: page?.total ?? 0, loading, onQuery: setQuery }}
          rowKey={(row) => row.id}
          pageSize={25}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="campaignNumbers"
          defaultSort={{ column: 'bought', direction: 'desc' }}
          emptyText={NO_CAMPAIGN_NUMBERS}
          rowClassName={(row) => (fresh.has(digits(row.number)) ? 'row-new' : undefined)}
          selection={
            canEdit
              ? {
                  selected: picked,
                  onChange: (keys: RowKey[]) => {
                    const next = new Map(known);
                    for (const row of rows) if (keys.includes(row.id)) next.set(row.id, row);
                    setKnown(next);
                    setPicked(keys.map(Number));
                  },
                  rowLabel: (row) => `Select ${row.number}`,
                }
              : undefined
          }
          actions={
            canEdit && (
              <>
                {some && <span className="table-selected-count">{picked.length} selected</span>}
                <button
                  type="button"
                  className="button"
                  disabled={!some || !shownLists}
                  onClick={() => setAction('edit')}
                >
                  Edit attribution
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={!some || !shownLists}
                  onClick={() => setAction('move')}
                >
                  Move
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={!some || routing}
                  aria-busy={routing || undefined}
                  onClick={() => void changeRouting()}
                >
                  Change routing
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={!some}
                  onClick={() => setAction('release')}
                >
                  Release
                </button>
              </>
            )
          }
        />
      </div>
      {action === 'edit' && shownLists && (
        <EditAttributionDialog
          rows={selectedRows}
          lists={shownLists}
          onListsChange={setLists}
          onClose={() => setAction(null)}
          onSaved={done}
        />
      )}
      {action === 'move' && shownLists && (
        <MoveDialog
          ids={picked}
          campaigns={shownLists.campaigns}
          currentCampaign={id}
          onClose={() => setAction(null)}
          onMoved={(text) => done(text)}
        />
      )}
      {action === 'release' && (
        <ReleaseFlow
          ids={picked}
          numbers={selectedRows.map((row) => row.number)}
          onClose={() => setAction(null)}
          onFailed={failedAction}
          onReleased={(answer) => done(answer.message)}
        />
      )}
    </>
  );
}
