import { Link } from 'react-router';
import { RecordsPage } from '../../../components/records/RecordsPage';
import { deleteVocabulary, getVocabularies, type VocabularyView } from '../api';
import { VocabularyDialog } from './VocabularyDialog';

export const LOAD_FAILED = 'The vocabularies could not be loaded. Try again later.';
export const DELETE_FAILED = 'The vocabulary could not be deleted. Try again later.';

/** /vocabularies (and /vocabularies/{id}, its dialog open): the account's own words for the recogniser. */
export function VocabulariesPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getVocabularies}
      failedText={LOAD_FAILED}
      path={{ base: '/vocabularies', missing: 'No such vocabulary in this account.' }}
      intro={() => (
        <p>
          Words and phrases of your business (product names, places, people) for the speech recogniser of your
          recorded calls.
        </p>
      )}
      rows={(data) => data.vocabularies}
      canEdit={(data) => data.canEdit}
      add={{ label: 'Add vocabulary', full: (data) => data.vocabularies.length >= data.maxVocabularies }}
      label="Vocabularies"
      name={(vocabulary) => vocabulary.description}
      emptyText="No vocabularies yet."
      columns={() => [
        {
          id: 'vocabulary',
          header: 'Vocabulary',
          cell: (v: VocabularyView) => <Link to={`/vocabularies/${v.id}`}>{v.description}</Link>,
          sortValue: (v) => v.description,
        },
        { id: 'words', header: 'Words and phrases', cell: (v) => v.words.join(', ') },
      ]}
      editor={(editing, page) => (
        <VocabularyDialog
          editing={editing}
          taken={page.data.vocabularies.filter((v) => v.id !== editing?.id).map((v) => v.description)}
          onClose={page.close}
          onSaved={page.saved}
        />
      )}
      remove={{
        question: (vocabulary) => `Delete the vocabulary '${vocabulary.description}'?`,
        run: async (vocabulary) => {
          await deleteVocabulary(vocabulary.id);
          return `The vocabulary '${vocabulary.description}' was deleted.`;
        },
        failed: () => DELETE_FAILED,
      }}
    />
  );
}
