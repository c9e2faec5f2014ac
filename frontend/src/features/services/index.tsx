import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function ServicesSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
