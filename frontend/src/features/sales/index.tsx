import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { DimensionsPage } from './components/DimensionsPage';
import { TrackSalesPage } from './components/TrackSalesPage';

/** /customdimensions: the account's own fields on calls; /tracksales: sales matched to calls. Import sales comes next (issue 36). */
export default function SalesSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/customdimensions') return <DimensionsPage title={title} />;
  if (page === '/tracksales') return <TrackSalesPage title={title} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
