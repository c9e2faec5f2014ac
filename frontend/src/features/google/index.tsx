import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function GoogleSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
