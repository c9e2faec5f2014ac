import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function RoutingSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
