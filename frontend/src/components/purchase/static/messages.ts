// The static number form's texts (spec/billing-subscription-purchase.md sections 2 and 8).
export const STATIC_ADDED = 'Your static number has been successfully added. The number that was added is {number}.';
export const PURCHASE_FAILED = 'Something went wrong. Please call {phone}, or email {email} for help.';
export const FORM_FAILED = 'Something went wrong. Please try again.';
export const NO_NUMBERS_LEFT = 'There are no numbers left with this prefix. Please choose another prefix.';
export const RECORDING_DISABLED = 'Call recording needs inbound call recording on your account.';

export const staticAdded = (number: string) => STATIC_ADDED.replace('{number}', number);
