import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function DynamicSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
