// The routing history rules (crates/domain/src/routing/history), as the browser calls them.
// Types are listed in docs/routing-domain.md, section "Routing history".
export type {
  Connection,
  Impact,
  Move,
  RecordKey,
  RecordState,
  ReplayCall,
  RoutingRecord,
  RoutingSnapshot,
} from './pkg/domain_wasm.js';

export { affectedEntries, applyRecords, postedAsStored, replayImpact } from './pkg/domain_wasm.js';
