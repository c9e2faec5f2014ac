import { SectionLoading } from '../../../app/sections';
import { PageHeading } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { useLoader } from '../../../lib/useLoader';
import { FORM_FAILED } from '../static/messages';
import { getDynamicDetails } from './api';
import { DynamicPoolForm } from './DynamicPoolForm';

/** /services/dynamic (a new dynamic URL) and /services/dynamic/{id} (a pool on dynamic URL id). */
export function DynamicPoolPage({ title, dynamicUrl }: { title: string; dynamicUrl: number }) {
  const [load] = useLoader(getDynamicDetails);
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
      {load.status === 'ready' && <DynamicPoolForm details={load.data} dynamicUrl={dynamicUrl} />}
    </>
  );
}
