// The billing details page's texts (spec/billing-subscription-purchase.md section 8).
export const LOAD_FAILED =
  'Error! Your billing details could not be loaded. Please try again or contact us at {email} or call {phone}.';
export const SAVED = 'Your billing details were updated successfully.';
export const SAVE_FAILED =
  'Your billing details could not be updated. Please try again or contact us at {email} or call {phone}.';
export const DIRECT_DEBIT_UPDATED = 'Your Direct Debit details have been successfully updated.';
export const DIRECT_DEBIT_FAILED =
  'Your Direct Debit details could not be updated. Please try again or contact us at {email} or call {phone}.';
