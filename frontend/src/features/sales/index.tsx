import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';

export default function SalesSection({ title }: SectionProps) {
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
