import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function SalesSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
