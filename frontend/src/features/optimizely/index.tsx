import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function OptimizelySection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
