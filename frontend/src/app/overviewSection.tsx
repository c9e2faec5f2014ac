import type { SectionProps } from '../components/PageHeading';
import { DynamicUrlsList } from '../features/dynamic/components/DynamicUrlsList';
import { OverviewPage } from '../features/integrations/overview/OverviewPage';

/** The home page: the integrations' overview, with the dynamic feature's list of dynamic URLs. */
export default function OverviewSection({ title }: SectionProps) {
  return <OverviewPage title={title} dynamicUrls={<DynamicUrlsList />} />;
}
