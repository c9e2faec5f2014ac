// The combined log's view lives in the address bar beside the period, as the call log's does.

/** The keys of the combined log's view: the clinic's own filters are not among them. */
const LOG_KEYS = ['clinic', 'outcome', 'page', 'sort', 'direction'] as const;

export type LogKey = (typeof LOG_KEYS)[number];

/** The server's query for the combined log: the period's (`period`) and the log's view in `params`. */
export function groupCallsQuery(params: URLSearchParams, period: string): string {
  const query = new URLSearchParams(period);
  for (const key of LOG_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  return query.toString();
}

/** The combined log's filters (clinic, outcome) left at their defaults. */
export function clearedLogFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['clinic', 'outcome', 'page']) next.delete(key);
  return next;
}
