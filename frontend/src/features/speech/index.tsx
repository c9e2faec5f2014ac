import { useLocation } from 'react-router';
import { PageHeading, type SectionProps } from '../../components/PageHeading';
import { PageNote } from '../../components/PageNote';
import { InsightsPage } from './components/InsightsPage';
import { VocabulariesPage } from './components/VocabulariesPage';
import { VoiceTagsPage } from './components/VoiceTagsPage';
import { TrialPage } from './trial/TrialPage';

/** Speech analytics: /voicetags, /vocabularies (each with /{id}), /call-insights; /tryspeech. */
export default function SpeechSection({ title }: SectionProps) {
  const page = useLocation().pathname.replace(/\/+$/, '');
  if (page === '/tryspeech') return <TrialPage title={title} />;
  if (page === '/voicetags' || page.startsWith('/voicetags/')) return <VoiceTagsPage title={title} />;
  if (page === '/vocabularies' || page.startsWith('/vocabularies/')) return <VocabulariesPage title={title} />;
  if (page === '/call-insights') return <InsightsPage title={title} />;
  return (
    <>
      <PageHeading title={title} />
      <PageNote />
    </>
  );
}
