import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function MarinSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
