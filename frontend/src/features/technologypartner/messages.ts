// The technology-partner portal's texts.
export const KEYS_FAILED = 'The API keys could not be loaded. Please try again, or call {phone}.';
export const CREATE_FAILED = 'The key could not be created. Please try again, or call {phone}.';
export const REVOKE_FAILED = 'The key could not be revoked. Please try again, or call {phone}.';
export const NO_KEYS = 'You have no API keys yet. Create one to use the reporting API.';
export const KEY_SHOWN_ONCE =
  'Copy this key now and keep it somewhere safe: it is shown only this once. If you lose it, revoke it and create another.';
export const REVOKE_WARNING = (name: string) =>
  `Revoke the key '${name}'? Anything using it will be refused at once, and it cannot be used again.`;
export const REVOKED = (name: string) => `The key '${name}' was revoked.`;
export const REPORTS_FAILED = 'The reports could not be loaded. Please try again, or call {phone}.';
export const NO_ACCOUNTS = 'You do not supply leads to any accounts yet.';
export const NO_CALLS = 'No calls in the last 12 months.';
export const SETTINGS_FAILED = 'Your settings could not be loaded. Please try again, or call {phone}.';
export const SETTINGS_SAVED = 'Your settings were saved.';
export const SETTINGS_SAVE_FAILED = 'Your settings could not be saved. Please try again, or call {phone}.';
