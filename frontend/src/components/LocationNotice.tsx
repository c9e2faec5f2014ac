import { useLocation } from 'react-router';

/** A success message the previous page handed over with the navigation (`state.notice`). */
export function LocationNotice() {
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  if (typeof notice !== 'string' || !notice) return null;
  return (
    <p role="status" className="banner banner-success">
      {notice}
    </p>
  );
}
