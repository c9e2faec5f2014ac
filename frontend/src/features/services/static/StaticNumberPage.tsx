import { SectionLoading } from '../../../app/sections';
import { PageHeading } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { useLoader } from '../../../lib/useLoader';
import { getStaticDetails } from './api';
import { FORM_FAILED } from './messages';
import { StaticNumberForm } from './StaticNumberForm';

/** /services/static: buy a static number. */
export function StaticNumberPage({ title }: { title: string }) {
  const [load] = useLoader(getStaticDetails);
  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  return (
    <>
      <PageHeading title={title} />
      {load.status === 'loading' && <SectionLoading />}
      {load.status === 'failed' && (
        <p role="alert" className="banner banner-error">
          {FORM_FAILED}
        </p>
      )}
      {load.status === 'ready' && <StaticNumberForm details={load.data} />}
    </>
  );
}
