import { Link } from 'react-router';
import { RecordsPage } from '../../../components/records/RecordsPage';
import { deleteVoiceTag, getVoiceTags, type VoiceTagView } from '../api';
import { VoiceTagDialog } from './VoiceTagDialog';

export const LOAD_FAILED = 'The voice tags could not be loaded. Try again later.';
export const DELETE_FAILED = 'The voice tag could not be deleted. Try again later.';

/** /voicetags (and /voicetags/{id}, the tag's dialog open): phrases that tag a call when spoken. */
export function VoiceTagsPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getVoiceTags}
      failedText={LOAD_FAILED}
      path={{ base: '/voicetags', missing: 'No such voice tag in this account.' }}
      intro={() => (
        <>
          <p>
            A voice tag tags a call when one of its phrases is said in the call's transcript, by the caller, the
            agent or either. The call log shows it with the call's tags; Speech Insights counts them.
          </p>
          <p className="field-hint">
            Recordings hold both sides on one channel, so the side is taken from the turns: the agent answers first,
            then the caller and the agent take turns, one transcript line a turn.
          </p>
        </>
      )}
      rows={(data) => data.voiceTags}
      canEdit={(data) => data.canEdit}
      add={{ label: 'Add voice tag', full: (data) => data.voiceTags.length >= data.maxVoiceTags }}
      label="Voice tags"
      name={(tag) => tag.description}
      emptyText="No voice tags yet."
      columns={() => [
        {
          id: 'tag',
          header: 'Voice tag',
          cell: (tag: VoiceTagView) => <Link to={`/voicetags/${tag.id}`}>{tag.description}</Link>,
          sortValue: (tag) => tag.description,
        },
        { id: 'phrases', header: 'Phrases', cell: (tag) => tag.phrases.join(', ') },
        { id: 'side', header: 'Said by', cell: (tag) => tag.sideLabel, sortValue: (tag) => tag.sideLabel },
        { id: 'calls30', header: 'Calls (30 days)', cell: (tag) => tag.calls30Days, sortValue: (tag) => tag.calls30Days },
        { id: 'calls', header: 'All calls', cell: (tag) => tag.calls, sortValue: (tag) => tag.calls },
      ]}
      editor={(editing, page) => (
        <VoiceTagDialog
          editing={editing}
          taken={page.data.voiceTags.filter((t) => t.id !== editing?.id).map((t) => t.description)}
          sides={page.data.sides}
          onClose={page.close}
          onSaved={page.saved}
        />
      )}
      remove={{
        question: (tag) => `Delete the voice tag '${tag.description}'? It is taken off ${tag.calls} calls.`,
        run: async (tag) => {
          await deleteVoiceTag(tag.id);
          return `The voice tag '${tag.description}' was deleted and taken off its calls.`;
        },
        failed: () => DELETE_FAILED,
      }}
    />
  );
}
