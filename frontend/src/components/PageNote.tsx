import { useLocation } from 'react-router';
import { pageNote } from '../domain/pages';
import { useOptionalAccount } from '../lib/account';

/**
 * Under the heading of a page that is not built yet: the domain's note on the add-on that
 * unlocks it (active, and what happens next), or nothing.
 */
export function PageNote() {
  const account = useOptionalAccount();
  const path = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const note = account ? pageNote(path, account) : undefined;
  if (!note) return null;
  return (
    <section className="card" aria-label="What happens next">
      <p>{note}</p>
    </section>
  );
}
