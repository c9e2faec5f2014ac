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
 * What an edit of stored records would have done to last week's calls, replayed through the
 * wasm domain as the user edits: the routing data is fetched once, then each edit (debounced)
 * is applied to it and the calls of the numbers and pools that can reach an edited record
 * replayed through the stored and the edited routing. `records` are the edited records' states
 * (one for an editor, the changed rows of a connect page); null asks for nothing (a new
 * record). The answer is null while loading, for null, or when the data cannot be had (the
 * editor works without it).
 */
export function useEditImpact(records: readonly RoutingRecord[] | null): Impact | null {
  const wanted = records !== null;
  const [load] = useLoader(wanted ? getReplayData : null, [wanted]);
  const [impact, setImpact] = useState<Impact | null>(null);
  const data = load.status === 'ready' ? load.data : null;

  useEffect(() => {
    if (!data || !records) return;
    const timer = setTimeout(() => {
      try {
        // The contract's snapshot is the domain's RoutingSnapshot (docs/routing-domain.md).
        const before = data.snapshot as unknown as RoutingSnapshot;
        const keys: RecordKey[] = records.map((record) => ({ kind: record.kind, id: record.id }));
        const after = applyRecords(
          before,
          records.map((record, i) => ({ key: keys[i], state: record })),
        );
        const entries = new Set(keys.flatMap((key) => affectedEntries(before, after, key)));
        const calls = data.calls.filter((call) => entries.has(call.entry));
        setImpact(replayImpact(before, after, calls, data.timeZone));
      } catch {
        // A form the domain cannot apply yet (a row being edited): keep the last answer.
      }
    }, IMPACT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data, records]);

  return impact;
}
