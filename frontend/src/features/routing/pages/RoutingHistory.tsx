import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type Column, type TableQuery } from '../../../components/DataTable';
import { DraftBanner } from '../../../components/draft/DraftBanner';
import { PageHeading } from '../../../components/PageHeading';
import { SelectField, TextField } from '../../../components/fields';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';
import { validationErrors } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { useLoader } from '../../../lib/useLoader';
import {
  exportChangesCsv,
  filterQuery,
  getChanges,
  getHistoryUsers,
  type ChangePage,
  type ChangeView,
  type HistoryFilter,
  type RecordKind,
} from '../api/history';
import { RollbackDialog } from '../editors/RollbackDialog';
import { Loading, routingError } from './connectShared';

export const HISTORY_PAGE_SIZE = 25;
export const NO_CHANGES = 'No routing changes yet.';
export const NO_MATCHING_CHANGES = 'No routing changes match the filter.';

/** Every kind the server records (a kind missing here fails the type check), in filter order. */
const KIND_NAMES: Record<RecordKind, string> = {
  servicePlan: 'Service plan',
  destinationPlan: 'Destination plan',
  ivr: 'IVR',
  queue: 'Queue',
  connect: 'Number or pool',
  destinationNumber: 'Destination number',
  voicemail: 'Voicemail',
  audio: 'Audio',
  category: 'Category',
  reportGroup: 'Report group',
  secondaryReportGroup: 'Secondary report group',
  inCallAttribution: 'In-call attribution',
  dtmfPlan: 'DTMF plan',
  dtmfIvr: 'DTMF IVR',
  dynamicWhisper: 'Dynamic whisper',
};

export const RECORD_KINDS = Object.entries(KIND_NAMES) as [RecordKind, string][];

export function kindName(kind: string): string {
  return RECORD_KINDS.find(([value]) => value === kind)?.[1] ?? kind;
}

function filterOf(params: URLSearchParams): HistoryFilter {
  const kind = RECORD_KINDS.find(([value]) => value === params.get('kind'))?.[0] ?? '';
  const number = (name: string) => Number(params.get(name)) || undefined;
  return {
    kind,
    record: kind ? number('record') : undefined,
    user: number('user'),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

function historyColumns(timeZone: string, canRollBack: boolean, onRollBack: (change: ChangeView) => void) {
  const columns: Column<ChangeView>[] = [
    { id: 'when', header: 'When', cell: (row) => formatDateTime(row.createdAt, timeZone) },
    { id: 'who', header: 'Who', cell: (row) => row.userName },
    { id: 'kind', header: 'Record type', cell: (row) => kindName(row.kind) },
    { id: 'record', header: 'Record', cell: (row) => row.recordName },
    {
      id: 'sentences',
      header: 'What changed',
      cell: (row) => (
        <>
          {row.source === 'rollback' && <p className="field-hint">Rollback{row.rollsBack ? ` of change ${row.rollsBack}` : ''}</p>}
          <ul className="change-sentences">
            {row.sentences.map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <button
          type="button"
          className="button"
          disabled={!canRollBack}
          aria-label={`Roll back the change to '${row.recordName}' of ${formatDateTime(row.createdAt, timeZone)}`}
          onClick={() => onRollBack(row)}
        >
          Roll back
        </button>
      ),
    },
  ];
  return columns;
}

/** /routing/history: what changed in the routing, by whom and when, each change rolled back from here. */
export function RoutingHistory({ title }: { title: string }) {
  const { account } = useAccount();
  const access = routingAccess(account);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterOf(params), [params]);
  const filterKey = filterQuery(filter).toString();
  const [draft, setDraft] = useState(filter);
  const { errorOf, serverErrors, setServerErrors } = useFieldMessages({});
  const [query, setQuery] = useState<{ table: TableQuery; filter: string } | null>(null);
  const [page, setPage] = useState<ChangePage | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  // Everyone who made a change (a rollback may add its author): the user filter's choices.
  const [authors] = useLoader(access.hasAdvanced ? getHistoryUsers : null, [reloads]);
  const [rollingBack, setRollingBack] = useState<ChangeView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => setDraft(filter), [filter]);

  useEffect(() => {
    if (!query || query.filter !== filterKey) return;
    let current = true;
    const size = query.table.pageSize === 'all' ? 100 : query.table.pageSize;
    setLoading(true);
    getChanges(filter, query.table.page + 1, size).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setFailure(null);
        setServerErrors({});
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        const fields = validationErrors(error);
        if (fields && Object.keys(fields).length > 0) setServerErrors(fields);
        else setFailure(routingError());
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // `filter` is read through filterKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, filterKey, reloads]);

  const columns = useMemo(
    () => historyColumns(account.customerTimeZone, access.canEdit, setRollingBack),
    [account.customerTimeZone, access.canEdit],
  );

  if (!access.hasAdvanced) return <PageHeading title={title} />;

  function apply(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setParams(filterQuery({ ...draft, record: draft.kind === filter.kind ? filter.record : undefined }));
  }

  function clear() {
    setNotice(null);
    setServerErrors({});
    setParams(new URLSearchParams());
  }

  const users = authors.status === 'ready' ? authors.data : [];
  const userOptions = users.map((user) => ({ value: String(user.id), label: user.name }));
  if (filter.user && !users.some((user) => user.id === filter.user)) {
    userOptions.push({ value: String(filter.user), label: `User ${filter.user}` });
  }
  const recordName = filter.record ? (page?.changes.find((c) => c.recordId === filter.record)?.recordName ?? null) : null;
  const filtered = filterKey !== '';

  return (
    <>
      <PageHeading title={title} />
      <DraftBanner />
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
      <form className="card history-filter" aria-label="Filter changes" noValidate onSubmit={apply}>
        {filter.record ? (
          <p className="history-record">
            Changes to {kindName(filter.kind ?? '').toLowerCase()} {recordName ? `'${recordName}'` : `#${filter.record}`}
          </p>
        ) : null}
        <div className="history-filter-fields">
          <SelectField
            label="Record type"
            name="kind"
            value={draft.kind ?? ''}
            placeholder="Any record type"
            options={RECORD_KINDS.map(([value, label]) => ({ value, label }))}
            onChange={(kind) => setDraft({ ...draft, kind: kind as RecordKind | '' })}
          />
          <SelectField
            label="User"
            name="user"
            value={draft.user ? String(draft.user) : ''}
            placeholder="Any user"
            options={userOptions}
            onChange={(user) => setDraft({ ...draft, user: Number(user) || undefined })}
          />
          <TextField
            label="From"
            name="from"
            type="date"
            value={draft.from ?? ''}
            error={errorOf('from')}
            onChange={(from) => setDraft({ ...draft, from })}
          />
          <TextField
            label="To"
            name="to"
            type="date"
            value={draft.to ?? ''}
            error={errorOf('to')}
            onChange={(to) => setDraft({ ...draft, to })}
          />
        </div>
        <div className="history-filter-actions">
          <button type="submit" className="button button-primary">
            Filter
          </button>
          {filtered && (
            <button type="button" className="button" onClick={clear}>
              Clear filter
            </button>
          )}
        </div>
      </form>
      {!page && !failure && Object.keys(serverErrors).length === 0 && <Loading>Loading routing history…</Loading>}
      <div className="card routing-history" hidden={!page}>
        <DataTable
          key={filterKey}
          label="Routing history"
          columns={columns}
          rows={page?.changes ?? []}
          remote={{
            total: page?.total ?? 0,
            loading,
            onQuery: (table) => setQuery({ table, filter: filterKey }),
            csvFile: () => exportChangesCsv(filter),
          }}
          searchable={false}
          rowKey={(row) => row.id}
          pageSize={HISTORY_PAGE_SIZE}
          defaultSort={{ column: 'when', direction: 'desc' }}
          csvFileName={`${account.productName}_routing_history.csv`}
          onCsvError={() => setFailure(routingError())}
          emptyText={filtered ? NO_MATCHING_CHANGES : NO_CHANGES}
        />
      </div>
      {rollingBack && (
        <RollbackDialog
          change={rollingBack}
          onClose={() => setRollingBack(null)}
          onRolledBack={(message) => {
            setRollingBack(null);
            setNotice(message);
            setReloads((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
