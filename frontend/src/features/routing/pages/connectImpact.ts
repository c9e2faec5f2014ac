// What a connect page's rows will be stored as, as routing records for the impact before saving
// (editors/useEditImpact.ts). The server's writes (store/routing_entries.rs) decide the shape:
// a basic connect stores the trimmed destination and drops any service plan; an advanced connect
// without a plan keeps the row's basic destination, if it had one.
import type { RoutingRecord } from '../../../domain/history';
import { advancedDomainRow, type AdvancedConnectRow, type BasicConnectRow, type RoutingRow } from '../api/rows';

export function basicConnectRecord(row: BasicConnectRow): RoutingRecord {
  return {
    kind: 'connect',
    id: row.id,
    label: row.numberPool,
    connection: {
      mode: 'basic',
      kind: row.kind,
      description: row.description.trim(),
      destination: row.destination.trim(),
      recording: row.recording,
    },
  };
}

export function advancedConnectRecord(row: AdvancedConnectRow, stored: RoutingRow): RoutingRecord {
  const destination = stored.destination ?? '';
  const base = { kind: 'connect' as const, id: row.id, label: row.numberPool };
  if (row.servicePlan === 0 && destination !== '') {
    return {
      ...base,
      connection: { mode: 'basic', kind: row.kind, description: row.description.trim(), destination, recording: row.recording },
    };
  }
  return { ...base, connection: { mode: 'advanced', ...advancedDomainRow(row), description: row.description.trim() } };
}
