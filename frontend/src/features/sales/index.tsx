import { Navigate, useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { DimensionsPage } from './components/DimensionsPage';
import { ImportHistoryPage } from './components/ImportHistoryPage';
import { ImportUploadPage } from './components/ImportUploadPage';
import { TrackSalesPage } from './components/TrackSalesPage';

/** /customdimensions: the account's own fields on calls; /tracksales: sales matched to calls; /importsales: sales files imported (issue 36). */
export default function SalesSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/customdimensions') return <DimensionsPage title={title} />;
  if (page === '/tracksales') return <TrackSalesPage title={title} />;
  if (page === '/importsales') return <ImportHistoryPage title={title} />;
  if (page === '/importsales/upload') return <ImportUploadPage title={title} />;
  // The mapping and a retry are steps of the upload page here: the file stays in the browser.
  if (page.startsWith('/importsales/fieldmapping/')) return <Navigate to="/importsales/upload" replace />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
