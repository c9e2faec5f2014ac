import { useId } from 'react';
import { Link } from 'react-router';
import { TableScroll } from '../../../components/TableScroll';
import { useLoader } from '../../../lib/useLoader';
import { getPools } from '../api/pools';

export const POOLS_FAILED = "This dynamic URL's pools could not be loaded. Please try again.";

/** A dynamic URL's pools: their numbers and where their calls go. */
export function PoolsCard({ vcamId }: { vcamId: string }) {
  const [load] = useLoader(() => getPools(vcamId), [vcamId]);
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-heading">
        Pools
      </h2>
      <div className="card-body">
        {load.status === 'loading' && <p role="status">Loading the pools…</p>}
        {load.status === 'failed' && (
          <p role="alert" className="banner banner-error">
            {POOLS_FAILED}
          </p>
        )}
        {load.status === 'ready' && load.data.pools.length === 0 && <p>This dynamic URL has no pools yet.</p>}
        {load.status === 'ready' && load.data.pools.length > 0 && (
          <TableScroll label="Pools table">
            <table aria-label="Pools" className="simple-table pools-table">
              <thead>
                <tr>
                  <th scope="col">Pool</th>
                  <th scope="col">Numbers</th>
                  <th scope="col">Service plan</th>
                  <th scope="col">Call recording</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {load.data.pools.map((pool) => (
                  <tr key={pool.id}>
                    <th scope="row">
                      <Link to={`/dynamicurls/${vcamId}/${pool.id}`}>{pool.name}</Link>
                    </th>
                    <td>{pool.numbers.join(', ') || 'None'}</td>
                    <td>{pool.servicePlan ?? 'None'}</td>
                    <td>{pool.callRecording ? 'On' : 'Off'}</td>
                    <td>{pool.provisioned ? 'Live' : 'Being set up'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </div>
    </section>
  );
}
