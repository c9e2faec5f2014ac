import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function OverviewSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
