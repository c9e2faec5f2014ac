import { useLoader } from '../../../lib/useLoader';
import { LoadedPage } from '../LoadedPage';
import { getDynamicDetails } from '../../../components/purchase/dynamic/api';
import { DynamicPoolForm } from '../../../components/purchase/dynamic/DynamicPoolForm';

/** /services/dynamic (a new dynamic URL) and /services/dynamic/{id} (a pool on dynamic URL id). */
export function DynamicPoolPage({ title, dynamicUrl }: { title: string; dynamicUrl: number }) {
  const [load] = useLoader(getDynamicDetails);
  return (
    <LoadedPage title={title} load={load}>
      {(details) => <DynamicPoolForm details={details} dynamicUrl={dynamicUrl} />}
    </LoadedPage>
  );
}
