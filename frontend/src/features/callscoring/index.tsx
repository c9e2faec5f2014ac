import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function CallscoringSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
