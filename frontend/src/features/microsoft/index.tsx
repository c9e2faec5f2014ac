import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function MicrosoftSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
