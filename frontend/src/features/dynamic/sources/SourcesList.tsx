import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { CheckboxField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { useLoader } from '../../../lib/useLoader';
import { getSources, updateSettings, type SourceRow, type SourcesPage } from './api';
import { PairDialog } from './PairDialog';
import { ClassificationTester } from './Tester';

/** What the calls column counts, as the dashboard and the call log count it. */
export const SOURCE_CALLS_NOTE =
  "Calls (30 days) are the calls credited to each source / medium: a static number counts under its channel's offline source (Print / offline), and a caller who rings again after a missed call counts under the missed call's source."

const columns: Column<SourceRow>[] = [
  {
    id: 'source',
    header: 'Source / medium',
    cell: (row) => (
      <Link to={`/sources/${row.id}`}>
        {row.source} / {row.medium}
      </Link>
    ),
    sortValue: (row) => `${row.source} / ${row.medium}`,
    csv: (row) => `${row.source} / ${row.medium}`,
  },
  { id: 'rules', header: 'Rules', cell: (row) => (row.isDefault ? 'Default' : row.rules), sortValue: (row) => row.rules },
  {
    id: 'visits',
    header: 'Visits (30 days)',
    cell: (row) => row.visits30Days,
    sortValue: (row) => row.visits30Days,
    csv: (row) => row.visits30Days,
  },
  {
    id: 'calls',
    header: 'Calls (30 days)',
    cell: (row) => row.calls30Days,
    sortValue: (row) => row.calls30Days,
    csv: (row) => row.calls30Days,
  },
];

function PaidOverride({ page, onChanged }: { page: SourcesPage; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function change(on: boolean) {
    setBusy(true);
    setFailed(false);
    try {
      await updateSettings(on);
      onChanged();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card" aria-labelledby="touch-title">
      <h2 id="touch-title">First touch</h2>
      <p>A visitor&apos;s first visit keeps its source / medium for 30 days.</p>
      <CheckboxField
        label="Let a paid click (gclid, msclkid or a paid utm_medium) override the first touch"
        checked={page.ruleset.paidOverrides}
        disabled={!page.canEdit || busy}
        onChange={(on) => void change(on)}
        error={failed ? 'The setting could not be saved. Please try again.' : null}
      />
    </section>
  );
}

/** /sources: the account's pairs with their visits and calls, the first-touch setting and the tester. */
export function SourcesList({ title }: { title: string }) {
  const [load, reload] = useLoader(getSources);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <LoadedPage title={title} load={load} failedText="The source / mediums could not be loaded. Please try again.">
      {(page) => (
        <>
          <p className="field-hint">{SOURCE_CALLS_NOTE}</p>
          <DataTable
            label="Source / mediums"
            columns={columns}
            rows={page.sources}
            rowKey={(row) => row.id}
            pageSize={25}
            defaultSort={{ column: 'source', direction: 'asc' }}
            searchText={(row) => `${row.source} ${row.medium}`}
            csvFileName="source_mediums.csv"
            emptyText="No source / mediums yet."
            actions={
              page.canEdit && (
                <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
                  Add source / medium
                </button>
              )
            }
          />
          <PaidOverride page={page} onChanged={() => void reload()} />
          <ClassificationTester ruleset={page.ruleset} />
          {adding && (
            <PairDialog
              open
              taken={page.sources.map((s) => [s.source, s.medium])}
              onClose={() => setAdding(false)}
              onSaved={(id) => navigate(`/sources/${id}`)}
            />
          )}
        </>
      )}
    </LoadedPage>
  );
}
