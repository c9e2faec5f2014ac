import { VoicemailDialog } from '../editors/VoicemailDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** A voicemail box. */
export function VoicemailSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        noneLabel="Select a voicemail"
        {...props}
        noun="voicemail"
        options={library.voicemails.items}
        status={library.voicemails.status}
        onRetry={() => void library.reloadVoicemails()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <VoicemailDialog
          open
          id={editor.editing}
          onClose={editor.close}
          onSaved={(id) => {
            editor.close();
            props.onChange(id);
          }}
        />
      )}
    </>
  );
}
