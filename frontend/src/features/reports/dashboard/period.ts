// The dashboard's period lives in the address bar (preset, from, to), as the call log's does.

import { DEFAULT_PRESET, rangeComplete } from '../filters';

export { DEFAULT_PRESET, PRESETS } from '../filters';

/** A period without a call, on the dashboard and the clinics' page. */
export const NO_CALLS = 'No calls in this period.';

/** The server's query for the period in `params`; null for a custom range without both days. */
export function periodQuery(params: URLSearchParams): string | null {
  const query = new URLSearchParams();
  const preset = params.get('preset')?.trim() || DEFAULT_PRESET;
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  if (!rangeComplete(params)) return null;
  if (preset === 'custom') {
    query.set('preset', preset);
    query.set('from', from);
    query.set('to', to);
  } else if (preset !== DEFAULT_PRESET) {
    query.set('preset', preset);
  }
  return query.toString();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-17" as the charts label it: "17 Nov". */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? ''}`.trim();
}
