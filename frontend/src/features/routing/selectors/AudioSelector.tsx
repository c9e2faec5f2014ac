import { AudioDialog } from '../editors/AudioDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** An audio file or text-to-speech message (intro, whisper, queue messages...). */
export function AudioSelector(props: SelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        noneLabel="None"
        {...props}
        noun="audio"
        options={library.audios.items}
        status={library.audios.status}
        onRetry={() => void library.reloadAudios()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <AudioDialog
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
