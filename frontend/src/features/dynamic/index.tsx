import { useLocation, useParams } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { DynamicUrlPage } from './components/DynamicUrlPage';
import { DynamicUrlsList } from './components/DynamicUrlsList';
import { TagsPage } from './components/tags/TagsPage';

/** /dynamicurls lists the dynamic URLs, /dynamicurls/{id} shows one, /tags the call tags; the section's other pages are to come. */
export default function DynamicSection({ title }: SectionProps) {
  const { pathname } = useLocation();
  const { id, pool } = useParams();
  const page = pathname.replace(/\/+$/, '');
  if (page === '/dynamicurls') {
    return (
      <>
        <PageHeading title={title} />
        <DynamicUrlsList />
      </>
    );
  }
  if (page === '/tags') return <TagsPage title={title} />;
  if (page.startsWith('/dynamicurls/') && id !== undefined && pool === undefined) {
    return <DynamicUrlPage title={title} vcamId={id} />;
  }
  return <PageHeading title={title} />;
}
