export const PARAMETERS_FAILED = 'The captured parameters could not be loaded. Please try again.';
export const VALUES_FAILED = "This parameter's values could not be loaded. Please try again.";
export const CALLS_FAILED = "This value's calls could not be loaded. Please try again.";
export const SAVE_FAILED = 'The parameter could not be saved. Please try again.';
export const NO_PARAMETERS = 'No parameters are captured yet. Add utm_term, utm_content or one of your own.';
export const NO_VALUES = 'No visit has brought this parameter yet.';
export const NO_CALLS = 'No calls came from visits with this value.';
export const ADDED = (name: string) => `'${name}' is captured from now on.`;
export const REMOVED = (name: string) => `'${name}' is no longer captured.`;
export const REMOVE_WARNING = (name: string) =>
  `Stop capturing '${name}'? Its menu item goes; the values already stored stay with their visits.`;
