import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function HubspotSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
