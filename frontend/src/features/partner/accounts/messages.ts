// The partner accounts' texts (the portal, the account menu's '+', Billing > Accounts).
export const ACCOUNTS_FAILED = 'Your client accounts could not be loaded. Please try again, or call {phone}.';
export const NO_ACCOUNTS = 'You have no client accounts yet.';
export const ADD_FAILED = 'The account could not be created. Please try again, or call {phone}.';
export const ENTER_FAILED = 'That account could not be opened. Please try again, or call {phone}.';
const invited = (email: string) => `An invitation to set a password was sent to ${email}.`;
/** The server's 'Customer was created.', and who was invited to the new account, if anyone. */
export const accountCreated = (answer: { message: string; invited?: string | null }) =>
  answer.invited ? `${answer.message} ${invited(answer.invited)}` : answer.message;
