// Test data of the impact before saving: the pieces of a routing snapshot and last week's calls
// (`routinghistory/getReplayData`) that the editors' and connect pages' tests build on.

/** Monday 12 January 2026, 10:00 in London (GMT), and the Saturday after. */
export const MONDAY_MORNING = Date.UTC(2026, 0, 12, 10);
export const SATURDAY_MORNING = Date.UTC(2026, 0, 17, 10);

/** A service plan row for whole days `fromDay` to `toDay`, to a destination plan or an IVR. */
export function dayRow(fromDay: number, toDay: number, to: { routing: number } | { ivr: number }) {
  return {
    fromDay,
    fromHour: 0,
    fromMinute: 0,
    toDay,
    toHour: 23,
    toMinute: 59,
    planType: 'ivr' in to ? 'ivr' : 'routing',
    routing: 'routing' in to ? to.routing : 0,
    ivr: 'ivr' in to ? to.ivr : 0,
  };
}

export const RECEPTION_AND_OUT_OF_HOURS = [
  { id: 21, description: 'Reception' },
  { id: 22, description: 'Out of hours' },
];

/** A call to `entry` that pressed no key. */
export function replayCall(id: number, entry: number, startedAtMillis: number) {
  return { id, entry, startedAtMillis, presses: [] };
}
