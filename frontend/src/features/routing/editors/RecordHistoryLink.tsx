import { Link } from 'react-router';
import type { RecordKey } from '../../../domain/history';
import { routingAccess } from '../../../domain/routing';
import { useAccount } from '../../../lib/account';

/**
 * The link from a stored record's editor to its history (the Routing history page filtered to
 * it), for those who may see the history: nothing for a new record (id 0).
 */
export function RecordHistoryLink({ kind, id }: { kind: RecordKey['kind']; id: number }) {
  const { account } = useAccount();
  if (id <= 0 || !routingAccess(account).hasAdvanced) return null;
  return (
    <p className="record-history">
      <Link to={`/routing/history?kind=${kind}&record=${id}`}>History</Link>
    </p>
  );
}
