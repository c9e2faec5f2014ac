// The partner portal's texts.
export { ACCOUNTS_FAILED, ADD_FAILED, accountCreated, ENTER_FAILED, NO_ACCOUNTS } from './accounts/messages';
export const REWARDS_FAILED = 'Your rewards could not be loaded. Please try again, or call {phone}.';
export const NO_REWARDS = 'No invoices of your clients yet: rewards appear here once they are invoiced.';
export const PROGRAMMES_FAILED = 'The programme details could not be loaded. Please try again, or call {phone}.';
export const BRANDING_FAILED = 'Your branding could not be loaded. Please try again, or call {phone}.';
export const BRANDING_SAVED = 'Your branding was saved. Your clients see it the next time they open a page.';
export const BRANDING_SAVE_FAILED = 'Your branding could not be saved. Please try again, or call {phone}.';
export const BRANDING_READ_ONLY = 'Only an administrator of your account can change the branding.';
