import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function ShellSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
