// Kept here rather than imported from PasswordConfirmDialog: that module loads the form rules
// (the large wasm), which the first screen does without.
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export const MANAGE_NOT_ALLOWED =
  'Only administrators and users who manage numbers and campaigns can connect or remove integrations.';
