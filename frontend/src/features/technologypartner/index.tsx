import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function TechnologypartnerSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
