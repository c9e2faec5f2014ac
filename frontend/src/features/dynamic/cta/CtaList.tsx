import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { useLoader } from '../../../lib/useLoader';
import { deleteCta, getCtas, pagesText, type CtaView } from './api';
import { CtaDialog } from './CtaDialog';

export const LOAD_FAILED = 'The call-to-actions could not be loaded. Try again later.';
export const DELETE_FAILED = 'The call-to-action could not be deleted. Try again later.';

export const clicksDeleted = (name: string, clicks: number) =>
  clicks === 0
    ? `The call-to-action '${name}' was deleted.`
    : `The call-to-action '${name}' was deleted with ${clicks === 1 ? 'its 1 click' : `its ${clicks} clicks`}.`;

function columns(canEdit: boolean, onEdit: (c: CtaView) => void, onDelete: (c: CtaView) => void): Column<CtaView>[] {
  const list: Column<CtaView>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (c) => <Link to={`/cta/${c.id}`}>{c.name}</Link>,
      sortValue: (c) => c.name,
      csv: (c) => c.name,
    },
    { id: 'kind', header: 'Kind', cell: (c) => c.kindLabel, sortValue: (c) => c.kindLabel, csv: (c) => c.kindLabel },
    { id: 'selector', header: 'CSS selector', cell: (c) => <code>{c.selector}</code>, csv: (c) => c.selector },
    { id: 'pages', header: 'Pages', cell: (c) => pagesText(c), csv: (c) => pagesText(c) },
    {
      id: 'clicks',
      header: 'Clicks (30 days)',
      cell: (c) => c.clicks30Days,
      sortValue: (c) => c.clicks30Days,
      csv: (c) => c.clicks30Days,
    },
    {
      id: 'calls',
      header: 'Calls within 30 min',
      cell: (c) => c.calls30Days,
      sortValue: (c) => c.calls30Days,
      csv: (c) => c.calls30Days,
    },
    {
      id: 'rate',
      header: 'Conversion rate',
      cell: (c) => c.conversionRate,
      sortValue: (c) => (c.clicks30Days > 0 ? c.calls30Days / c.clicks30Days : -1),
      csv: (c) => c.conversionRate,
    },
  ];
  if (canEdit) {
    list.push({
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <span className="row-actions">
          <button type="button" className="button" aria-label={`Edit ${c.name}`} onClick={() => onEdit(c)}>
            Edit
          </button>{' '}
          <button type="button" className="button button-danger" aria-label={`Delete ${c.name}`} onClick={() => onDelete(c)}>
            Delete
          </button>
        </span>
      ),
    });
  }
  return list;
}

/** /cta: the elements of the site the tracking script watches, with their clicks and the calls that followed. */
export function CtaList({ title }: { title: string }) {
  const [load, reload] = useLoader(getCtas, []);
  const [editing, setEditing] = useState<{ cta: CtaView | null } | null>(null);
  const [deleting, setDeleting] = useState<CtaView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function confirmDelete(cta: CtaView) {
    setBusy(true);
    try {
      const { clicks } = await deleteCta(cta.id);
      setOutcome({ kind: 'success', text: clicksDeleted(cta.name, clicks) });
      await reload();
    } catch {
      setOutcome({ kind: 'error', text: DELETE_FAILED });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <>
          <p>
            The links, buttons and forms of your site the tracking script watches. A call counts for a call-to-action
            when the same visit clicked it at most {data.windowMinutes} minutes before the call started; the figures
            are for the last {data.days} days.
          </p>
          <ResultBanner outcome={outcome} />
          <DataTable
            label="Call-to-actions"
            columns={columns(data.canEdit, (cta) => setEditing({ cta }), setDeleting)}
            rows={data.ctas}
            rowKey={(c) => c.id}
            pageSize={25}
            defaultSort={{ column: 'name', direction: 'asc' }}
            searchText={(c) => `${c.name} ${c.selector} ${c.kindLabel}`}
            csvFileName="call_to_actions.csv"
            emptyText="No call-to-actions yet."
            actions={
              data.canEdit && (
                <button type="button" className="button button-primary" onClick={() => setEditing({ cta: null })}>
                  Add call-to-action
                </button>
              )
            }
          />
          <CtaDialog
            open={editing !== null}
            cta={editing?.cta ?? null}
            kinds={data.kinds}
            taken={data.ctas.filter((c) => c.id !== editing?.cta?.id).map((c) => c.name)}
            onClose={() => setEditing(null)}
            onSaved={(_id, name) => {
              setEditing(null);
              setOutcome({ kind: 'success', text: `The call-to-action '${name}' was saved.` });
              void reload();
            }}
          />
          <DeleteConfirmDialog
            open={deleting !== null}
            message={deleting?.deleteQuestion ?? ''}
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={() => deleting && void confirmDelete(deleting)}
          />
        </>
      )}
    </LoadedPage>
  );
}
