import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function FacebookSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
