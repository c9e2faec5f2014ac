import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function DoubleclickSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
