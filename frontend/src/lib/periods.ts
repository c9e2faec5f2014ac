/** The date ranges, by the keys the server reads ('custom' comes with its from and to days). */
export const PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7Days', label: 'Last 7 days' },
  { value: 'last30Days', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'custom', label: 'Custom range' },
];

/** The presets without the custom range. */
export const FIXED_PRESETS = PRESETS.filter((preset) => preset.value !== 'custom');
