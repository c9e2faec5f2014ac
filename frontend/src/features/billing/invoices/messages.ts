// The invoices page's texts (spec/billing-subscription-purchase.md sections 2 and 8).
export const NO_INVOICES = "You currently don't have any invoices available to view.";
export const INVOICES_FAILED = 'Something went wrong. Please try again.';
export const DOWNLOAD_FAILED = 'Failed to download invoice file. The file may no longer be available.';
/** Spec section 9. */
export const INVOICE_PAGE_SIZE = 20;
