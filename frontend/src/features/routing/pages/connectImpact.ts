// What a connect page's rows will be stored as, as routing records for the impact before saving
// (editors/useEditImpact.ts): the domain's postedAsStored, the rule the server writes and reads
// rows by (a basic connect drops any service plan; an advanced connect without a plan keeps the
// row's basic destination, if it had one).
import { postedAsStored, type RoutingRecord } from '../../../domain/history';
import { advancedDomainRow, type AdvancedConnectRow, type BasicConnectRow, type RoutingRow } from '../api/rows';

export function basicConnectRecord(row: BasicConnectRow): RoutingRecord {
  const posted = {
    mode: 'basic' as const,
    kind: row.kind,
    description: row.description,
    destination: row.destination,
    recording: row.recording,
  };
  return { kind: 'connect', id: row.id, label: row.numberPool, connection: postedAsStored(posted, '') };
}

export function advancedConnectRecord(row: AdvancedConnectRow, stored: RoutingRow): RoutingRecord {
  const posted = { mode: 'advanced' as const, ...advancedDomainRow(row) };
  return {
    kind: 'connect',
    id: row.id,
    label: row.numberPool,
    connection: postedAsStored(posted, stored.destination ?? ''),
  };
}
