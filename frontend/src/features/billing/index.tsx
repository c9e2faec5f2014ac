import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function BillingSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
