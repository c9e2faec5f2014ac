import { PageHeading, type SectionProps } from '../../components/PageHeading';

export default function SpeechSection({ title }: SectionProps) {
  return <PageHeading title={title} />;
}
