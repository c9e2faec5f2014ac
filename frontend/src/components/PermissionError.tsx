import { ApiError } from '../lib/api';

export const NO_PERMISSION = "You don't have permissions to see this page.";

/** The server refused the page's data (403): the account may not see it, whatever the menu said. */
export function isPermissionError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The permission error page (spec/billing-subscription-purchase.md, "Permission error page"). */
export function PermissionError() {
  return (
    <>
      <header className="page-heading">
        <h1>Error</h1>
      </header>
      <p role="alert">{NO_PERMISSION}</p>
    </>
  );
}
