import { Link, useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { unauthorisedNotice } from '../../domain';
import { useOptionalAccount } from '../../lib/account';

/** The shell's own page, /unauthorised: why the page asked for was refused, and whom to ask. */
export default function ShellSection({ title }: SectionProps) {
  const account = useOptionalAccount();
  const { state } = useLocation();
  const from = state && typeof (state as { from?: unknown }).from === 'string' ? (state as { from: string }).from : '';
  const notice = unauthorisedNotice(from, account ?? {});
  return (
    <>
      <PageHeading title={title} />
      <section className="card" aria-label="Why you cannot open this page">
        <p>{notice.reason}</p>
        <p>{notice.ask}</p>
        {account && (
          <p>
            <Link to="/">Back to the overview</Link>
          </p>
        )}
      </section>
    </>
  );
}
