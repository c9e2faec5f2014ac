import { useEffect, useState } from 'react';
import {
  affectedEntries,
  applyRecords,
  replayImpact,
  type Impact,
  type RecordKey,
  type RoutingRecord,
  type RoutingSnapshot,
} from '../../../domain/history';
import { useLoader } from '../../../lib/useLoader';
import { getReplayData } from '../api/history';

/** The impact is computed this long after the last edit. */
export const IMPACT_DELAY_MS = 150;

/**
 * What an edit of a stored record would have done to last week's calls, replayed through the
 * wasm domain as the user edits: the routing data is fetched once, then each edit (debounced)
 * is applied to it and the calls of the numbers and pools that can reach the record replayed
 * through the stored and the edited routing. Null while loading, for a new record, or when
 * the data cannot be had (the editor works without it).
 */
export function useEditImpact(record: RoutingRecord | null): Impact | null {
  const [load] = useLoader(record ? getReplayData : null, [record !== null]);
  const [impact, setImpact] = useState<Impact | null>(null);
  const data = load.status === 'ready' ? load.data : null;

  useEffect(() => {
    if (!data || !record) return;
    const timer = setTimeout(() => {
      try {
        // The contract's snapshot is the domain's RoutingSnapshot (docs/routing-domain.md).
        const before = data.snapshot as unknown as RoutingSnapshot;
        const key: RecordKey = { kind: record.kind, id: record.id };
        const after = applyRecords(before, [{ key, state: record }]);
        const entries = new Set(affectedEntries(before, after, key));
        const calls = data.calls.filter((call) => entries.has(call.entry));
        setImpact(replayImpact(before, after, calls, data.timeZone));
      } catch {
        // A form the domain cannot apply yet (a row being edited): keep the last answer.
      }
    }, IMPACT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data, record]);

  return impact;
}
