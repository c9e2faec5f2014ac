import { BarChart } from '../../../components/BarChart';
import { DataTable, type Column } from '../../../components/DataTable';
import { LoadedPage } from '../../../components/LoadedPage';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { getReports, type LeadReportRow, type LeadReports } from '../api';
import { NO_ACCOUNTS, NO_CALLS, REPORTS_FAILED } from '../messages';

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);

function Report({ report }: { report: LeadReports }) {
  const totals = (month: string) =>
    report.rows
      .filter((row) => row.month === month)
      .reduce((sum, row) => ({ calls: sum.calls + row.calls, leads: sum.leads + row.qualifiedLeads }), { calls: 0, leads: 0 });
  const monthly = report.months.map((m) => ({ ...m, ...totals(m.month) }));
  const columns: Column<LeadReportRow>[] = [
    { id: 'month', header: 'Month', cell: (r) => r.monthLabel, sortValue: (r) => r.month, csv: (r) => r.month },
    { id: 'account', header: 'Account', cell: (r) => r.accountName, sortValue: (r) => r.accountName, csv: (r) => r.accountName },
    { id: 'calls', header: 'Calls', cell: (r) => r.calls, sortValue: (r) => r.calls, csv: (r) => r.calls },
    {
      id: 'leads',
      header: 'Qualified leads',
      cell: (r) => r.qualifiedLeads,
      sortValue: (r) => r.qualifiedLeads,
      csv: (r) => r.qualifiedLeads,
    },
    { id: 'rate', header: 'Lead rate', cell: (r) => percent(r.qualifiedLeads, r.calls) },
  ];
  const totalCalls = monthly.reduce((sum, m) => sum + m.calls, 0);
  const totalLeads = monthly.reduce((sum, m) => sum + m.leads, 0);
  return (
    <>
      <section className="card" aria-labelledby="supplied-accounts">
        <h2 id="supplied-accounts">Accounts you supply</h2>
        {report.accounts.length === 0 ? (
          <p>{NO_ACCOUNTS}</p>
        ) : (
          <ul>
            {report.accounts.map((account) => (
              <li key={account.id}>
                {account.name}, since {account.since}
              </li>
            ))}
          </ul>
        )}
        <p>
          A qualified lead is an inbound call with {report.qualifiedLeadSeconds} seconds or more of talk time (ringing never counts). In the last 12 months:{' '}
          {totalCalls} calls, {totalLeads} qualified leads ({percent(totalLeads, totalCalls)}).
        </p>
      </section>
      <section className="card" aria-labelledby="calls-by-month">
        <h2 id="calls-by-month">Calls and qualified leads by month</h2>
        <BarChart
          label={`Calls and qualified leads per month, ${monthly[0]?.label ?? ''} to ${monthly.at(-1)?.label ?? ''}`}
          categories={monthly.map((m) => m.shortLabel)}
          series={[
            { label: 'Calls', values: monthly.map((m) => m.calls) },
            { label: 'Qualified leads', values: monthly.map((m) => m.leads) },
          ]}
        />
      </section>
      <DataTable
        label="Calls and qualified leads per account per month"
        columns={columns}
        rows={report.rows}
        rowKey={(r) => `${r.month}/${r.accountId}`}
        pageSize={25}
        defaultSort={{ column: 'month', direction: 'desc' }}
        searchText={(r) => `${r.accountName} ${r.monthLabel}`}
        csvFileName="lead-report.csv"
        emptyText={NO_CALLS}
      />
    </>
  );
}

/** /technologypartner/reports: calls and qualified leads of the supplied accounts, by month. */
export function ReportsPage({ title }: { title: string }) {
  const [load] = useLoader(getReports);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(REPORTS_FAILED)}>
      {(report) => <Report report={report} />}
    </LoadedPage>
  );
}
