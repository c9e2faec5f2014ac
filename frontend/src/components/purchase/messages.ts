// The purchase modal's texts (spec/shell-users-integrations.md sections 4, 5 and 8).
export const ADDON_FAILURE =
  'An error occurred while processing your request. Please try again or contact client services at {phone} or via email at {email}';
export const PRICING_FAILURE =
  'Something went wrong. Please try again or contact client services at {phone} or via email at {email}.';
export const NOT_OWNER_TITLE = 'Sorry, we cannot complete that action';
export const NOT_OWNER_TEXT = 'Please speak to your account owner to upgrade';
export const NOT_PURCHASER_TEXT = 'Please speak to your account owner to buy add-ons for this account.';
export const ENTERPRISE_TEXT =
  'Please contact your account manager to add this to your account. They will be happy to help.';
export const ENTERPRISE_UPGRADE_TEXT =
  'This comes with the Enterprise plan, which is priced on application. Please contact your account manager to upgrade: they will be happy to help.';
export const CHANGE_PLAN_TEXT =
  'This comes with our current plans. Your plan is changed by your account manager: please contact them to upgrade.';
export const BREAKDOWN_DELAY = 'Your billing breakdown may take up to 2 business days to update.';
export const UPGRADED = 'Your plan has been upgraded to Professional.';

export function addedText(name: string): string {
  return `${name} has been added to your account.`;
}
