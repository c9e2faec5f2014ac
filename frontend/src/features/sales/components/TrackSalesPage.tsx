import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { RadioGroupField, SelectField, TextField } from '../../../components/fields';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { FIXED_PRESETS } from '../../../lib/periods';
import { CostsSection } from '../../../components/costs/CostsSection';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { useLoader } from '../../../lib/useLoader';
import { getTrackSales, saveMatching, type RevenueLine, type TrackSalesPage as Data } from '../api';

export const LOAD_FAILED = 'The sales could not be loaded. Try again later.';
export const SAVE_FAILED = 'The settings could not be saved. Try again later.';

type Sale = Data['latest'][number];

const LATEST_COLUMNS: Column<Sale>[] = [
  { id: 'time', header: 'Time', cell: (sale) => sale.time },
  { id: 'phone', header: 'Phone', cell: (sale) => sale.phone || '—' },
  { id: 'reference', header: 'Reference', cell: (sale) => sale.reference || '—' },
  { id: 'value', header: 'Value (£)', cell: (sale) => sale.value },
  { id: 'credited', header: 'Credited to', cell: (sale) => sale.credited || '—' },
  {
    id: 'call',
    header: 'Call',
    cell: (sale) =>
      sale.callId === null || sale.callId === undefined ? (
        'Not matched'
      ) : (
        <Link to={`/reports?call=${sale.callId}`} aria-label={`The call of sale ${sale.reference || sale.id}`}>
          Open the call
        </Link>
      ),
  },
];

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function RevenueTable({
  caption,
  column,
  rows,
  none,
}: {
  caption: string;
  column: string;
  rows: RevenueLine[];
  none: string;
}) {
  const columns: Column<RevenueLine>[] = [
    { id: 'label', header: column, cell: (row) => row.label || none },
    { id: 'sales', header: 'Sales', cell: (row) => row.sales },
    { id: 'revenue', header: 'Revenue (£)', cell: (row) => row.revenue },
  ];
  return (
    <DataTable
      plain
      labelShown
      label={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.label || none}
      emptyText="No sales in this period."
    />
  );
}

/** How a sale is matched: the way and the days, saved by an administrator (every sale matched again). */
function MatchingForm({ data, onSaved }: { data: Data; onSaved: (outcome: Outcome) => void }) {
  const [matchBy, setMatchBy] = useState<string>(data.matching.matchBy);
  const [days, setDays] = useState(String(data.matching.matchDays));
  const { errorOf, setServerErrors } = useFieldMessages({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setMatchBy(data.matching.matchBy);
    setDays(String(data.matching.matchDays));
  }, [data.matching.matchBy, data.matching.matchDays]);

  async function save() {
    setSaving(true);
    setServerErrors({});
    try {
      const { matched } = await saveMatching(matchBy, days);
      onSaved({ kind: 'success', text: `Saved. ${plural(matched, 'sale now matches a call', 'sales now match a call')}.` });
    } catch (failure) {
      const fields = refusalErrors(failure);
      if (fields) setServerErrors(fields);
      else onSaved({ kind: 'error', text: SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="sales-matching"
      aria-label="How sales are matched to calls"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <RadioGroupField
        label="Match a sale to a call by"
        name="form_match_by"
        value={matchBy}
        options={data.matching.options.map((o) => ({ value: o.key, label: o.label }))}
        onChange={setMatchBy}
        error={errorOf('form_match_by')}
        disabled={!data.canEdit || saving}
      />
      {matchBy === 'callerNumber' && (
        <TextField
          label="Days before the sale"
          name="form_match_days"
          value={days}
          inputMode="numeric"
          hint={`${data.matching.minDays} to ${data.matching.maxDays}: the latest call from the sale's number in these days gets the credit.`}
          onChange={setDays}
          error={errorOf('form_match_days')}
          disabled={!data.canEdit || saving}
        />
      )}
      {data.canEdit && (
        <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
          Save and match again
        </button>
      )}
    </form>
  );
}

/** /tracksales: how sales are matched to calls, and the revenue by source / medium and campaign. */
export function TrackSalesPage({ title }: { title: string }) {
  const [preset, setPreset] = useState('last30Days');
  const [load, reload] = useLoader(() => getTrackSales(`preset=${preset}`), [preset]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <LoadedPage title={title} load={load} failedText={LOAD_FAILED}>
      {(data) => (
        <div className="card">
          <p>
            A sale is credited to the call that led to it, and so to that call's source. When a caller rings again
            after a missed call, the sale passes on to where the caller first found you.
          </p>
          <ResultBanner outcome={outcome} />
          <MatchingForm
            data={data}
            onSaved={(result) => {
              setOutcome(result);
              if (result.kind === 'success') void reload();
            }}
          />
          <SelectField label="Period" name="period" value={preset} options={FIXED_PRESETS} onChange={setPreset} />
          <p>
            {data.firstDay === data.lastDay ? formatDay(data.firstDay) : `${formatDay(data.firstDay)} to ${formatDay(data.lastDay)}`}:{' '}
            {plural(data.sales, 'sale', 'sales')}, £{data.revenue};{' '}
            {data.matchRate === null ? 'no sales to match.' : `${data.matchRate}% matched to a call.`}
          </p>
          <RevenueTable caption="Revenue by source / medium" column="Source / medium" rows={data.bySource} none="No source (not matched)" />
          <RevenueTable caption="Revenue by campaign" column="Campaign" rows={data.byCampaign} none="No campaign" />
          <CostsSection period={`preset=${preset}`} />
          <section aria-labelledby="latest-sales">
            <h2 id="latest-sales">Latest sales</h2>
            <DataTable
              plain
              label="Latest sales"
              columns={LATEST_COLUMNS}
              rows={data.latest}
              rowKey={(sale) => sale.id}
              emptyText="No sales in this period."
            />
          </section>
        </div>
      )}
    </LoadedPage>
  );
}
