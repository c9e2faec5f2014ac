import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { ImportHistoryPage } from './components/ImportHistoryPage';
import { ImportMappingPage } from './components/ImportMappingPage';
import { ImportUploadPage } from './components/ImportUploadPage';
import { TrackSalesPage } from './components/TrackSalesPage';

/** /tracksales: sales matched to calls; /importsales: sales files imported. */
export default function SalesSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/tracksales') return <TrackSalesPage title={title} />;
  if (page === '/importsales') return <ImportHistoryPage title={title} />;
  if (page === '/importsales/upload') return <ImportUploadPage title={title} />;
  // An uploaded file's mapping, and its retry after an import stopped.
  const mapping = /^\/importsales\/fieldmapping\/(\d{1,15})(\/retry)?$/.exec(page);
  if (mapping) return <ImportMappingPage title={title} upload={Number(mapping[1])} retry={mapping[2] !== undefined} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
