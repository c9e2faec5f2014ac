import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function SalesforceSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
