import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SectionLoading } from '../../../components/SectionLoading';
import { DataTable, type Column } from '../../../components/DataTable';
import { SelectField } from '../../../components/fields';
import { PageHeading, type SectionProps } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { validationErrors } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { useLoader } from '../../../lib/useLoader';
import { getDashboard, type Dashboard, type PeriodChange } from './api';
import { ReportsTabs } from '../components/ReportsTabs';
import { CostsSection } from '../../../components/costs/CostsSection';
import { NO_CALLS, periodQuery } from './period';
import { PeriodPicker } from './PeriodPicker';
import './dashboard.css';
import { ChartTable, COLOURS, StackedBarChart, type ChartSeries } from './StackedBarChart';

export { NO_CALLS } from './period';
/** Where the dashboard, the call log, Source / mediums and Campaigns count a call-back. */
export const CALLBACK_CREDIT_NOTE = "A caller who rings again after a missed call counts under the missed call's source and campaign.";
export const LOAD_FAILED = 'The dashboard could not be loaded.';

/** What the dashboard's lines are, in words. */
const BY_WORDS: Record<string, { line: string; top: string; column: string }> = {
  source: { line: 'source / medium', top: 'Top sources', column: 'Source / medium' },
  campaign: { line: 'campaign', top: 'Top campaigns', column: 'Campaign' },
  number: { line: 'number or pool', top: 'Top numbers and pools', column: 'Number or pool' },
};
export const BY_OPTIONS = [
  { value: 'source', label: 'Source / medium' },
  { value: 'campaign', label: 'Campaign' },
  { value: 'number', label: 'Number or pool' },
];

const topColumns = (header: string): Column<Dashboard['topSources'][number]>[] => [
  { id: 'label', header, rowHeader: true, cell: (source) => source.label },
  { id: 'calls', header: 'Calls', cell: (source) => source.calls },
  { id: 'answered', header: 'Answered', cell: (source) => source.answered },
  { id: 'firstTime', header: 'First-time callers', cell: (source) => source.firstTime },
];

function Figure({ label, value, comparison, previous }: { label: string; value: string; comparison: PeriodChange; previous: string }) {
  return (
    <div className="dashboard-stat">
      <dt>{label}</dt>
      <dd className="dashboard-stat-value">{value}</dd>
      <dd className="dashboard-stat-change">
        {comparison.change}
        <span className="dashboard-stat-previous"> (previous period: {previous})</span>
      </dd>
    </div>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const t = data.totals;
  const count = (c: PeriodChange) => [String(c.current), String(c.previous)] as const;
  return (
    <dl className="dashboard-stats">
      <Figure label="Calls" value={count(t.calls)[0]} previous={count(t.calls)[1]} comparison={t.calls} />
      <Figure label="Answered" value={count(t.answered)[0]} previous={count(t.answered)[1]} comparison={t.answered} />
      <Figure label="Missed" value={count(t.missed)[0]} previous={count(t.missed)[1]} comparison={t.missed} />
      <Figure label="First-time callers" value={count(t.firstTime)[0]} previous={count(t.firstTime)[1]} comparison={t.firstTime} />
      <Figure label="Average talk time" value={t.averageTalk} previous={t.previousAverageTalk} comparison={t.averageTalkSeconds} />
    </dl>
  );
}

function Charts({ data }: { data: Dashboard }) {
  const bySource: ChartSeries[] = useMemo(
    () => data.bySource.map((s, i) => ({ label: s.label, values: s.calls, colour: s.label === 'Other' ? COLOURS[6] : COLOURS[i % 6] })),
    [data],
  );
  const outcomes: ChartSeries[] = useMemo(
    () => [
      { label: 'Answered', values: data.answered, colour: COLOURS[0] },
      { label: 'Missed', values: data.missed, colour: COLOURS[1] },
    ],
    [data],
  );
  const range = `${formatDay(data.firstDay)} to ${formatDay(data.lastDay)}`;
  const by = BY_WORDS[data.by] ?? BY_WORDS.source;
  const per = `per ${data.grouping}`;
  const bar = data.grouping.charAt(0).toUpperCase() + data.grouping.slice(1);
  const stacked = `Calls ${per} by ${by.line}`;
  return (
    <>
      <section className="dashboard-section" aria-labelledby="dashboard-by-source">
        <h2 id="dashboard-by-source">{stacked}</h2>
        <StackedBarChart
          label={`${stacked}, ${range}: ${data.bySource.map((s) => `${s.label} ${s.calls.reduce((a, b) => a + b, 0)}`).join(', ')}`}
          bars={data.bars}
          series={bySource}
        />
        <ChartTable caption={stacked} bar={bar} bars={data.bars} series={bySource} />
      </section>
      <section className="dashboard-section" aria-labelledby="dashboard-outcomes">
        <h2 id="dashboard-outcomes">Answered vs missed</h2>
        <StackedBarChart
          label={`Answered and missed calls ${per}, ${range}: ${data.totals.answered.current} answered, ${data.totals.missed.current} missed`}
          bars={data.bars}
          series={outcomes}
        />
        <ChartTable caption={`Answered and missed calls ${per}`} bar={bar} bars={data.bars} series={outcomes} />
      </section>
      <section className="dashboard-section" aria-labelledby="dashboard-top-sources">
        <h2 id="dashboard-top-sources">{by.top}</h2>
        <p className="field-hint">{CALLBACK_CREDIT_NOTE}</p>
        <DataTable
          plain
          label={by.top}
          scrollLabel={`${by.top} table`}
          columns={topColumns(by.column)}
          rows={data.topSources}
          rowKey={(source) => source.label}
          emptyText={NO_CALLS}
        />
      </section>
    </>
  );
}

/** The reports dashboard: the period's calls by day and source, outcomes, top sources, totals. */
export function DashboardPage({ title }: SectionProps) {
  const [params, setParams] = useSearchParams();
  const query = periodQuery(params);
  const by = params.get('by') || 'source';
  const asked = query === null ? null : [query, by === 'source' ? '' : `by=${encodeURIComponent(by)}`].filter(Boolean).join('&');
  const [load, reload] = useLoader(asked === null ? null : () => getDashboard(asked), [asked]);
  const breakDown = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'source') next.delete('by');
    else next.set('by', value);
    setParams(next);
  };
  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  const fieldErrors = load.status === 'failed' ? validationErrors(load.error) : null;
  const periodError = fieldErrors ? (fieldErrors.from ?? fieldErrors.preset ?? Object.values(fieldErrors)[0] ?? null) : null;
  return (
    <>
      <PageHeading title={title} />
      <ReportsTabs />
      <PeriodPicker key={params.get('preset') ?? ''} error={periodError} />
      <SelectField label="Break the calls down by" name="by" value={by} options={BY_OPTIONS} onChange={breakDown} />
      {load.status === 'loading' && <SectionLoading />}
      {load.status === 'failed' && !fieldErrors && (
        <div role="alert" className="banner banner-error">
          {LOAD_FAILED}{' '}
          <button type="button" className="button" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {load.status === 'failed' && fieldErrors && (
        <p role="alert" className="banner banner-error">
          {periodError}
        </p>
      )}
      {load.status === 'ready' && (
        <>
          <p className="dashboard-range">
            {`${formatDay(load.data.firstDay)} to ${formatDay(load.data.lastDay)}`}
          </p>
          {load.data.totals.calls.current === 0 ? (
            <p className="dashboard-empty">{NO_CALLS}</p>
          ) : (
            <>
              <Figures data={load.data} />
              <Charts data={load.data} />
            </>
          )}
          <CostsSection period={query ?? ''} />
        </>
      )}
    </>
  );
}
