import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../DataTable';
import { SelectField } from '../fields';
import { SectionLoading } from '../SectionLoading';
import { costLines, type CostRow } from '../../domain/spend';
import { useLoader } from '../../lib/useLoader';
import { getCosts } from './api';

export const COSTS_FAILED = 'What each call cost could not be loaded.';
export const NO_SPEND =
  'No spend in this period: enter what your marketing cost on the Ad spend page, or connect an ad platform to import it.';
export const COSTS_NOTE =
  'Calls are counted as on every screen; a qualified lead talked for at least a minute; revenue is from sales matched to calls. "—" has nothing to divide by.';

const BY_OPTIONS = [
  { value: 'source', label: 'Source / medium' },
  { value: 'campaign', label: 'Campaign' },
  { value: 'number', label: 'Number or pool' },
];

/** A line as the table shows it: the domain's row, and its place. */
type Line = CostRow & { key: number };

const COLUMNS: Column<Line>[] = [
  { id: 'label', header: 'Line', rowHeader: true, cell: (row) => row.label },
  { id: 'spend', header: 'Spend', cell: (row) => row.current.spend },
  { id: 'calls', header: 'Calls', cell: (row) => row.current.calls },
  { id: 'costPerCall', header: 'Cost per call', cell: (row) => row.current.costPerCall },
  { id: 'costPerFirstTime', header: 'Per first-time caller', cell: (row) => row.current.costPerFirstTime },
  { id: 'costPerLead', header: 'Per qualified lead', cell: (row) => row.current.costPerLead },
  { id: 'costPerSale', header: 'Per sale', cell: (row) => row.current.costPerSale },
  { id: 'revenue', header: 'Revenue', cell: (row) => row.current.revenue },
  { id: 'return', header: 'Return on spend', cell: (row) => row.current.returnOnSpend },
  {
    id: 'change',
    header: 'Cost per call, change',
    cell: (row) => (
      <>
        {row.costPerCallChange}
        {row.previous.costPerCall !== '—' && <div className="cell-note">{`was ${row.previous.costPerCall}`}</div>}
      </>
    ),
  },
];

/** What each call cost over a period (the query's preset, from, to), by source, campaign or
 * number, against the period before; the arithmetic is the domain's, through wasm. */
export function CostsSection({ period }: { period: string }) {
  const [by, setBy] = useState('source');
  const [load, reload] = useLoader(() => getCosts(period, by), [period, by]);
  const rows = useMemo(() => {
    if (load.status !== 'ready') return [];
    const { rows: lines, total, previousLabel } = load.data;
    const all = [...lines, total].map((row) => [row.label, row.current, row.previous] as [string, typeof row.current, typeof row.previous]);
    return costLines(all, previousLabel).map((row, key) => ({ ...row, key }));
  }, [load]);
  const spent = load.status === 'ready' && load.data.total.current.spendPence > 0;
  return (
    <section className="dashboard-section" aria-labelledby="costs-title">
      <h2 id="costs-title">What each call cost</h2>
      <SelectField label="Break down by" name="by" value={by} options={BY_OPTIONS} onChange={setBy} />
      {load.status === 'loading' && <SectionLoading />}
      {load.status === 'failed' && (
        <div role="alert" className="banner banner-error">
          {COSTS_FAILED}{' '}
          <button type="button" className="button" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          {!spent && (
            <p className="field-hint">
              {NO_SPEND} <Link to="/reports/spend">Ad spend</Link>
            </p>
          )}
          <DataTable
            plain
            label="What each call cost"
            scrollLabel="What each call cost table"
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.key}
            emptyText="No calls, sales or spend in this period."
          />
          <p className="field-hint">{COSTS_NOTE}</p>
        </>
      )}
    </section>
  );
}
