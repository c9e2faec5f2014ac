import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function PartneraccountsSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
