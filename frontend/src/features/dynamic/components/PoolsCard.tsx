import { useId } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatUk } from '../../../domain/reports';
import { useLoader } from '../../../lib/useLoader';
import { getPools, type PoolView } from '../api/pools';

export const POOLS_FAILED = "This dynamic URL's pools could not be loaded. Please try again.";

function poolColumns(vcamId: string): Column<PoolView>[] {
  return [
    {
      id: 'name',
      header: 'Pool',
      rowHeader: true,
      cell: (pool) => <Link to={`/dynamicurls/${vcamId}/${pool.id}`}>{pool.name}</Link>,
    },
    { id: 'numbers', header: 'Numbers', cell: (pool) => pool.numbers.map((number) => formatUk(number)).join(', ') || 'None' },
    { id: 'plan', header: 'Service plan', cell: (pool) => pool.servicePlan ?? 'None' },
    { id: 'recording', header: 'Call recording', cell: (pool) => (pool.callRecording ? 'On' : 'Off') },
    { id: 'status', header: 'Status', cell: (pool) => (pool.provisioned ? 'Live' : 'Being set up') },
  ];
}

/** A dynamic URL's pools: their numbers and where their calls go. */
export function PoolsCard({ vcamId }: { vcamId: string }) {
  const [load] = useLoader(() => getPools(vcamId), [vcamId]);
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-heading">
        Pools
      </h2>
      {load.status === 'loading' && <p role="status">Loading the pools…</p>}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {POOLS_FAILED}
        </p>
      )}
      {load.status === 'ready' && load.data.pools.length === 0 && <p>This dynamic URL has no pools yet.</p>}
      {load.status === 'ready' && load.data.pools.length > 0 && (
        <DataTable
          plain
          label="Pools"
          scrollLabel="Pools table"
          columns={poolColumns(vcamId)}
          rows={load.data.pools}
          rowKey={(pool) => pool.id}
          emptyText="This dynamic URL has no pools yet."
        />
      )}
    </section>
  );
}
