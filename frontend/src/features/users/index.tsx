import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function UsersSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
