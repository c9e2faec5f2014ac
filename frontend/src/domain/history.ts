// The routing history rules (crates/domain/src/routing/history), as the browser calls them.
// Types are listed in docs/routing-domain.md, section "Routing history".
import * as wasm from './pkg/domain_wasm.js';
import type {
  Connection,
  Impact,
  Move,
  RecordKey,
  RecordState,
  ReplayCall,
  RoutingRecord,
  RoutingSnapshot,
} from './pkg/domain_wasm.js';

export type { Connection, Impact, Move, RecordKey, RecordState, ReplayCall, RoutingRecord, RoutingSnapshot };

/** When a change was made, in the account's zone: "2026-07-15 09:30 BST" (the CSV's format). */

/** The snapshot with each record put in its state: the edited routing. Throws for a broken state. */
export function applyRecords(snapshot: RoutingSnapshot, states: RecordState[]): RoutingSnapshot {
  return wasm.applyRecords(snapshot, states);
}

/** What a connect page's posted row will read as once stored, given the number's basic destination now. */
export function postedAsStored(posted: Connection, storedDestination: string): Connection {
  return wasm.postedAsStored(posted, storedDestination);
}

/** The ids of the numbers and pools whose calls can pass through `key` before or after an edit. */
export function affectedEntries(before: RoutingSnapshot, after: RoutingSnapshot, key: RecordKey): number[] {
  return wasm.affectedEntries(before, after, key);
}

/** The calls replayed through both routings. Throws beyond 50,000 calls or for an unknown zone. */
export function replayImpact(
  before: RoutingSnapshot,
  after: RoutingSnapshot,
  calls: ReplayCall[],
  timeZone: string,
): Impact {
  return wasm.replayImpact(before, after, calls, timeZone);
}
