import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function StaticSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
