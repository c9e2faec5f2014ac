import { useLocation, useParams } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { DynamicUrlPage } from './components/DynamicUrlPage';
import { DynamicUrlsList } from './components/DynamicUrlsList';
import { PoolPage } from './components/PoolPage';
import { ConversionDetailPage } from './components/conversions/ConversionDetailPage';
import { ConversionsPage } from './components/conversions/ConversionsPage';
import { CtaList } from './cta/CtaList';
import { CtaPage } from './cta/CtaPage';
import { SourceDetail } from './sources/SourceDetail';
import { SourcesList } from './sources/SourcesList';

/**
 * /dynamicurls lists the dynamic URLs, /dynamicurls/{id} shows one, /dynamicurls/{id}/{pool} a
 * pool, /sources and /sources/{id} the source / mediums, /cta and /cta/{id}
 * the call-to-actions, /conversions and /conversions/{id} the conversions sent to the ad platforms.
 */
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
  if (page === '/conversions') return <ConversionsPage title={title} />;
  if (page.startsWith('/conversions/') && id !== undefined) return <ConversionDetailPage title={title} id={id} />;
  if (page.startsWith('/dynamicurls/') && id !== undefined && pool === undefined) {
    return <DynamicUrlPage title={title} vcamId={id} />;
  }
  if (page.startsWith('/dynamicurls/') && id !== undefined && pool !== undefined) {
    return <PoolPage title={title} vcamId={id} poolId={pool} />;
  }
  if (page === '/cta') return <CtaList title={title} />;
  if (page.startsWith('/cta/') && id !== undefined) return <CtaPage title={title} id={id} />;
  if (page === '/sources') return <SourcesList title={title} />;
  if (page.startsWith('/sources/') && id !== undefined) return <SourceDetail title={title} id={id} />;
  return <PageHeading title={title} />;
}
