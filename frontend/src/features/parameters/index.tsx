import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function ParametersSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
