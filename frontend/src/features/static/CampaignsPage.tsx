import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, ROWS_PER_PAGE, type Column } from '../../components/DataTable';
import { DeleteConfirmDialog } from '../../components/DeleteConfirmDialog';
import { PageHeading } from '../../components/PageHeading';
import { ResultBanner, type Outcome } from '../../components/ResultBanner';
import { SectionLoading } from '../../components/SectionLoading';
import { validationErrors } from '../../lib/api';
import { useLoader } from '../../lib/useLoader';
import { deleteCampaign, getCampaigns, getNumberLists, type CampaignRow } from './api';
import { CampaignDialog } from './CampaignDialog';
import { FailedPage } from './FailedPage';
import { ACTION_FAILED, LOAD_FAILED, NO_CAMPAIGNS } from './messages';
import { useRemotePages } from './useRemotePages';

/** What the calls column counts, as the dashboard and the call log count it. */
export const CAMPAIGN_CALLS_NOTE =
  "Calls (30 days) are the calls credited to each campaign: its numbers' calls, and website calls whose visit named it (utm_campaign). A caller who rings again after a missed call counts under the missed call's campaign."

type Editing = { kind: 'add' } | { kind: 'rename'; row: CampaignRow } | { kind: 'delete'; row: CampaignRow } | null;

/** /campaigns: the customer's campaigns, paged by the server; add, rename and delete an empty one. */
export function CampaignsPage({ title }: { title: string }) {
  const { page, loading, failed, error, setQuery, reload } = useRemotePages(getCampaigns);
  const [lists, reloadLists] = useLoader(getNumberLists);
  const [editing, setEditing] = useState<Editing>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [deleting, setDeleting] = useState(false);
  const canEdit = page?.canEdit ?? false;
  const taken = lists.status === 'ready' ? lists.data.campaigns.map((c) => c.description) : [];

  const columns = useMemo((): Column<CampaignRow>[] => {
    const base: Column<CampaignRow>[] = [
      {
        id: 'description',
        header: 'Campaign',
        cell: (row) => <Link to={`/campaigns/${row.id}`}>{row.description}</Link>,
        sortValue: (row) => row.description,
      },
      { id: 'numbers', header: 'Numbers', cell: (row) => row.numbers, sortValue: (row) => row.numbers },
      { id: 'calls', header: 'Calls (30 days)', cell: (row) => row.calls30Days, sortValue: (row) => row.calls30Days },
      { id: 'created', header: 'Created', cell: (row) => row.created, sortValue: (row) => row.createdAt },
    ];
    if (!canEdit) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        cell: (row) => (
          <span className="row-actions">
            <button
              type="button"
              className="button"
              aria-label={`Rename ${row.description}`}
              onClick={() => setEditing({ kind: 'rename', row })}
            >
              Rename
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Delete ${row.description}`}
              onClick={() => setEditing({ kind: 'delete', row })}
            >
              Delete
            </button>
          </span>
        ),
      },
    ];
  }, [canEdit]);

  if (failed && !page) return <FailedPage title={title} error={error} />;

  async function remove(row: CampaignRow) {
    setDeleting(true);
    try {
      await deleteCampaign(row.id);
      setOutcome({ kind: 'success', text: `Campaign '${row.description}' deleted.` });
      reload();
      void reloadLists();
    } catch (caught) {
      const fields = validationErrors(caught);
      setOutcome({ kind: 'error', text: fields?.id ?? fields?.campaign ?? ACTION_FAILED });
    }
    setDeleting(false);
    setEditing(null);
  }

  return (
    <>
      <PageHeading title={title} />
      <ResultBanner outcome={outcome} />
      {!page && <SectionLoading />}
      {failed && page && (
        <p role="alert" className="banner banner-error">
          {LOAD_FAILED}
        </p>
      )}
      <div className="card" hidden={!page}>
        <p className="field-hint">{CAMPAIGN_CALLS_NOTE}</p>
        <DataTable
          label="Campaigns"
          columns={columns}
          rows={page?.campaigns ?? []}
          remote={{ total: page?.total ?? 0, loading, onQuery: setQuery }}
          rowKey={(row) => row.id}
          pageSize={25}
          pageSizeOptions={ROWS_PER_PAGE}
          storageKey="campaigns"
          defaultSort={{ column: 'description', direction: 'asc' }}
          emptyText={NO_CAMPAIGNS}
          actions={
            canEdit && (
              <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'add' })}>
                Add campaign
              </button>
            )
          }
        />
      </div>
      {(editing?.kind === 'add' || editing?.kind === 'rename') && (
        <CampaignDialog
          campaign={editing.kind === 'rename' ? editing.row : null}
          taken={taken}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setOutcome({
              kind: 'success',
              text:
                editing.kind === 'rename'
                  ? `Campaign '${editing.row.description}' renamed to '${saved.description}'.`
                  : `Campaign '${saved.description}' added.`,
            });
            setEditing(null);
            reload();
            void reloadLists();
          }}
        />
      )}
      <DeleteConfirmDialog
        open={editing?.kind === 'delete'}
        title="Delete campaign"
        message={editing?.kind === 'delete' ? `Delete the campaign '${editing.row.description}'?` : ''}
        busy={deleting}
        onCancel={() => setEditing(null)}
        onConfirm={() => editing?.kind === 'delete' && void remove(editing.row)}
      />
    </>
  );
}
