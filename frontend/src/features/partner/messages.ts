// The partner portal's texts.
export const ACCOUNTS_FAILED = 'Your client accounts could not be loaded. Please try again, or call {phone}.';
export const NO_ACCOUNTS = 'You have no client accounts yet.';
export const ADD_FAILED = 'The account could not be created. Please try again, or call {phone}.';
export const ENTER_FAILED = 'That account could not be opened. Please try again, or call {phone}.';
const invited = (email: string) => `An invitation to set a password was sent to ${email}.`;
/** The server's 'Customer was created.', and who was invited to the new account, if anyone. */
export const accountCreated = (answer: { message: string; invited?: string | null }) =>
  answer.invited ? `${answer.message} ${invited(answer.invited)}` : answer.message;
export const REWARDS_FAILED = 'Your rewards could not be loaded. Please try again, or call {phone}.';
export const NO_REWARDS = 'No invoices of your clients yet: rewards appear here once they are invoiced.';
export const PROGRAMMES_FAILED = 'The programme details could not be loaded. Please try again, or call {phone}.';
export const BRANDING_FAILED = 'Your branding could not be loaded. Please try again, or call {phone}.';
export const BRANDING_SAVED = 'Your branding was saved. Your clients see it the next time they open a page.';
export const BRANDING_SAVE_FAILED = 'Your branding could not be saved. Please try again, or call {phone}.';
export const BRANDING_READ_ONLY = 'Only an administrator of your account can change the branding.';
