import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function DealerwebSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
