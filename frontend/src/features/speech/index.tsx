import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { useLocation } from 'react-router';
import { PageNote } from '../../components/PageNote';
import { TrialPage } from './trial/TrialPage';

export default function SpeechSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/tryspeech') return <TrialPage title={title} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
