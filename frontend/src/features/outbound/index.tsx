import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function OutboundSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
