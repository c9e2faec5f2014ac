import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { DimensionsPage } from './components/DimensionsPage';

/** /customdimensions: the account's own fields on calls. Track Sales and Import sales come next (issue 36). */
export default function SalesSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/customdimensions') return <DimensionsPage title={title} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
