import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function PartnerSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
