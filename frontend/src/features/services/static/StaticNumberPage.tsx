import { useLoader } from '../../../lib/useLoader';
import { LoadedPage } from '../LoadedPage';
import { getStaticDetails } from '../../../components/purchase/static/api';
import { StaticNumberForm } from '../../../components/purchase/static/StaticNumberForm';

/** /services/static: buy a static number. */
export function StaticNumberPage({ title }: { title: string }) {
  const [load] = useLoader(getStaticDetails);
  return (
    <LoadedPage title={title} load={load}>
      {(details) => <StaticNumberForm details={details} />}
    </LoadedPage>
  );
}
