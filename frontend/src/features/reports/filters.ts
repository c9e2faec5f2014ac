// The call log's filters live in the address bar: a link reproduces the view. These helpers
// read them from the URL's query, write them back, and say what the server is asked.

/** The query keys the server reads (domain reports::CallLogQueryInput). */
export const FILTER_KEYS = [
  'preset',
  'from',
  'to',
  'source',
  'campaign',
  'number',
  'outcome',
  'followUp',
  'tag',
  'category',
  'firstTime',
  'minDuration',
  'score',
  'minScore',
  'dimension',
  'dimensionValue',
  'search',
  'transcript',
  'testCalls',
  'callsOut',
] as const;
export const VIEW_KEYS = ['page', 'pageSize', 'sort', 'direction'] as const;

export type FilterKey = (typeof FILTER_KEYS)[number];
export type ViewKey = (typeof VIEW_KEYS)[number];

export const DEFAULT_PRESET = 'last30Days';

export { PRESETS } from '../../lib/periods';

/** Whether the range can be asked for: any preset, or a custom range with both its days. */
export function rangeComplete(params: URLSearchParams): boolean {
  return params.get('preset')?.trim() !== 'custom' || (!!params.get('from')?.trim() && !!params.get('to')?.trim());
}

/** The server's query for the view in `params` (filters and paging; nothing else). */
export function serverQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const key of [...FILTER_KEYS, ...VIEW_KEYS]) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  // A custom range without both days is not asked for yet: the last choice stays.
  if (!rangeComplete(query)) {
    query.delete('preset');
    query.delete('from');
    query.delete('to');
  }
  return query.toString();
}

/** The export's query: the filters and the sort, every row. */
export function exportQuery(params: URLSearchParams): string {
  const query = new URLSearchParams(serverQuery(params));
  query.delete('page');
  query.delete('pageSize');
  return query.toString();
}

/**
 * `params` with `key` set (or removed when empty). Any change but paging returns to the
 * first page; leaving the custom range drops its days.
 */
export function withParam(params: URLSearchParams, key: FilterKey | ViewKey | 'call' | 'clinic', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page' && key !== 'call') next.delete('page');
  // Another custom dimension: the value typed for the last one means nothing.
  if (key === 'dimension') next.delete('dimensionValue');
  if (key === 'preset' && value !== 'custom') {
    next.delete('from');
    next.delete('to');
  }
  return next;
}

/** The filters left at their defaults. */
export function clearedFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
  return next;
}

/** How many filters differ from the defaults (the date range counts when not the default). */
export function activeFilterCount(params: URLSearchParams): number {
  return FILTER_KEYS.filter((key) => {
    const value = params.get(key)?.trim() ?? '';
    if (key === 'from' || key === 'to') return false;
    if (key === 'preset') return value !== '' && value !== DEFAULT_PRESET;
    return value !== '';
  }).length;
}

/** A filter as its chip names it: "Outcome: Missed, Busy". */
export interface FilterChip {
  key: FilterKey;
  label: string;
}

interface ChipChoices {
  sources: { id: number; label: string }[];
  campaigns: { id: number; label: string }[];
  numbers: { id: number; label: string }[];
  tags: { id: number; label: string }[];
  dimensions: { id: number; label: string }[];
  outcomes: { key: string; label: string }[];
  followUps: { key: string; label: string }[];
  scores: { key: string; label: string }[];
}

/** The filters in use, one chip each (the date range when not the default), named by `choices`. */
export function activeChips(params: URLSearchParams, choices: ChipChoices | null, presets: { value: string; label: string }[]): FilterChip[] {
  const get = (key: FilterKey) => params.get(key)?.trim() ?? '';
  const byId = (list: { id: number; label: string }[] | undefined, value: string) =>
    list?.find((c) => String(c.id) === value)?.label ?? value;
  const byKey = (list: { key: string; label: string }[] | undefined, value: string) =>
    list?.find((c) => c.key === value)?.label ?? value;
  const chips: FilterChip[] = [];
  const preset = get('preset');
  if (preset && preset !== DEFAULT_PRESET) {
    const name = presets.find((p) => p.value === preset)?.label ?? preset;
    const range = preset === 'custom' ? `${get('from') || '…'} to ${get('to') || '…'}` : name;
    chips.push({ key: 'preset', label: `Date: ${range}` });
  }
  const named: [FilterKey, string, (value: string) => string][] = [
    ['source', 'Source / medium', (v) => byId(choices?.sources, v)],
    ['campaign', 'Campaign', (v) => byId(choices?.campaigns, v)],
    ['number', 'Number or pool', (v) => byId(choices?.numbers, v)],
    ['outcome', 'Outcome', (v) => v.split(',').map((o) => byKey(choices?.outcomes, o)).join(', ')],
    ['followUp', 'Follow-up', (v) => byKey(choices?.followUps, v)],
    ['tag', 'Tag', (v) => byId(choices?.tags, v)],
    ['category', 'Category', (v) => v],
    ['score', 'Score', (v) => byKey(choices?.scores, v)],
    ['minScore', 'Minimum score', (v) => `${v}%`],
    ['dimension', 'Custom dimension', (v) => byId(choices?.dimensions, v)],
    ['dimensionValue', 'Value', (v) => v],
    ['minDuration', 'Minimum talk time', (v) => `${v} s`],
    ['search', 'Search', (v) => v],
    ['transcript', 'Words said', (v) => v],
  ];
  for (const [key, name, word] of named) {
    const value = get(key);
    if (value) chips.push({ key, label: `${name}: ${word(value)}` });
  }
  if (get('firstTime') === '1') chips.push({ key: 'firstTime', label: 'First-time callers only' });
  if (get('testCalls') === '1') chips.push({ key: 'testCalls', label: 'Test calls shown' });
  if (get('callsOut') === '1') chips.push({ key: 'callsOut', label: "Agents' calls out shown" });
  return chips;
}
