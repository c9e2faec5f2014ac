import { DataTable, type Column } from '../../../components/DataTable';
import '../../../components/dataTableCards.css';
import type { ClinicFigures, DashboardTotals, PeriodChange } from './api';

/** The foot's name: the sum of the clinics above it. */
const TOTAL = 'Total';

const FIGURES: { id: string; header: string; value: (t: DashboardTotals) => string | number; change: (t: DashboardTotals) => PeriodChange }[] = [
  { id: 'calls', header: 'Calls', value: (t) => t.calls.current, change: (t) => t.calls },
  { id: 'answered', header: 'Answered', value: (t) => t.answered.current, change: (t) => t.answered },
  { id: 'missed', header: 'Missed', value: (t) => t.missed.current, change: (t) => t.missed },
  { id: 'firstTime', header: 'First-time callers', value: (t) => t.firstTime.current, change: (t) => t.firstTime },
  { id: 'averageTalk', header: 'Average talk', value: (t) => t.averageTalk, change: (t) => t.averageTalkSeconds },
];

/** A figure with its change against the period before, as the dashboard says it. */
function Figure({ totals, figure }: { totals: DashboardTotals; figure: (typeof FIGURES)[number] }) {
  return (
    <>
      <span className="clinic-figure">{figure.value(totals)}</span>
      <span className="clinic-change">{figure.change(totals).change}</span>
    </>
  );
}

function columns(total: DashboardTotals, onOpen: (clinic: ClinicFigures) => void, busy: boolean): Column<ClinicFigures>[] {
  return [
    { id: 'name', header: 'Clinic', rowHeader: true, cell: (c) => c.name, sortValue: (c) => c.name, footer: TOTAL },
    ...FIGURES.map(
      (figure): Column<ClinicFigures> => ({
        id: figure.id,
        header: figure.header,
        cell: (c) => <Figure totals={c.totals} figure={figure} />,
        sortValue: (c) => figure.change(c.totals).current,
        footer: <Figure totals={total} figure={figure} />,
      }),
    ),
    {
      id: 'open',
      header: 'Actions',
      hiddenHeader: true,
      cell: (c) => (
        <button type="button" className="button clinic-open" aria-label={`Open clinic ${c.name}`} disabled={busy} onClick={() => onOpen(c)}>
          Open clinic
        </button>
      ),
      footer: null,
    },
  ];
}

/** One row a member clinic with its dashboard's totals, and their sum in the foot. */
export function ClinicTable({
  clinics,
  total,
  onOpen,
  busy,
}: {
  clinics: ClinicFigures[];
  total: DashboardTotals;
  onOpen: (clinic: ClinicFigures) => void;
  busy: boolean;
}) {
  return (
    <DataTable
      plain
      cards
      label="Clinics"
      scrollLabel="Clinics table"
      columns={columns(total, onOpen, busy)}
      rows={clinics}
      rowKey={(c) => c.id}
      emptyText="The group has no clinics you can see."
    />
  );
}
