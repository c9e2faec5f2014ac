import { useId } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { LoadedPage } from '../../../components/LoadedPage';
import { formatDateTime } from '../../../domain';
import { useAccount } from '../../../lib/account';
import { useLoader } from '../../../lib/useLoader';
import { getPoolPage, type PoolHealth, type PoolPageData } from '../api/poolPage';

export const POOL_FAILED = "This pool's page could not be loaded. Please try again.";

type NumberRow = PoolPageData['numbers'][number];

const columns: Column<NumberRow>[] = [
  { id: 'number', header: 'Number', cell: (n) => n.number, sortValue: (n) => n.number, csv: (n) => n.number },
  {
    id: 'calls',
    header: 'Calls in the last 30 days',
    cell: (n) => n.callsLast30Days,
    sortValue: (n) => n.callsLast30Days,
    csv: (n) => n.callsLast30Days,
  },
];

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="pool-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The health figure: the busiest hour, own numbers, lost calls and the size the pool should be. */
function HealthCard({ page, health }: { page: PoolPageData; health: PoolHealth }) {
  const { account } = useAccount();
  const zone = account.customerTimeZone;
  const headingId = useId();
  return (
    <section className="card pool-health" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-heading">
        Pool health
      </h2>
      <p className={`banner ${health.healthy ? 'banner-success' : 'banner-warning'}`} role="status">
        {health.verdict}
      </p>
      <dl className="pool-figures">
        <Figure label="Visits" value={health.visits} />
        <Figure label="Peak hourly visitors" value={health.peakHourlyVisitors} />
        <Figure
          label="Visits with a number of their own"
          value={health.ownNumberPercent == null ? 'No visits' : `${health.ownNumberPercent}%`}
        />
        <Figure label="Calls not attributed (pool ran dry)" value={health.unattributedCalls} />
        <Figure label="Numbers in the pool" value={health.poolSize} />
        <Figure label="Recommended size" value={health.recommendedSize} />
      </dl>
      {health.suspectedAbuse && <p className="banner banner-warning">{health.suspectedAbuse}</p>}
      <p className="field-hint">
        From the visits stored for the last 72 hours ({formatDateTime(page.windowFrom, zone)} to{' '}
        {formatDateTime(page.windowTo, zone)}): visits that never call are kept only that long. A number is held for
        one visitor for {health.sessionMinutes} minutes; the recommended size is the peak hourly visitors divided by
        60 over {health.sessionMinutes} minutes, rounded up, plus {health.marginPercent}%.
      </p>
      {health.missingNumbers > 0 && page.canBuy && (
        <p>
          <Link className="button button-primary" to={`/services/dynamic/${page.dynamicUrlId}`}>
            Buy {health.missingNumbers} more numbers
          </Link>{' '}
          <span className="field-hint">
            Numbers come in pools of {page.numbersPerPool}: {health.poolsToBuy} more{' '}
            {health.poolsToBuy === 1 ? 'pool' : 'pools'} on {page.dynamicUrl}.
          </span>
        </p>
      )}
    </section>
  );
}

/** /dynamicurls/{id}/{pool}: the pool's numbers with their calls, and its health figure. */
export function PoolPage({ title, vcamId, poolId }: { title: string; vcamId: string; poolId: string }) {
  const [load] = useLoader(() => getPoolPage(vcamId, poolId), [vcamId, poolId]);
  return (
    <LoadedPage title={title} load={load} failedText={POOL_FAILED}>
      {(page) => (
        <>
          <p>
            <Link to={`/dynamicurls/${page.dynamicUrlId}`}>{page.dynamicUrl}</Link> › {page.name}
          </p>
          <HealthCard page={page} health={page.health} />
          <DataTable
            label="Pool numbers"
            columns={columns}
            rows={page.numbers}
            rowKey={(n) => n.number}
            pageSize={25}
            defaultSort={{ column: 'number', direction: 'asc' }}
            emptyText="This pool has no numbers."
            csvFileName={`${page.name} numbers`}
          />
        </>
      )}
    </LoadedPage>
  );
}
