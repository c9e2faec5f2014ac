import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function IntegrationsSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
