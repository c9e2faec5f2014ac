import { DynamicWhisperDialog } from '../editors/DynamicWhisperDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

export interface DynamicWhisperSelectorProps extends SelectorProps {
  /** The pool being edited (its own use of the whisper is not listed as affected); 0: none. */
  poolId?: number;
}

/** The dynamic whisper of a pool: what the agent hears, by the caller's source / medium. */
export function DynamicWhisperSelector({ poolId = 0, ...props }: DynamicWhisperSelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        noneLabel="None"
        {...props}
        noun="dynamic whisper"
        options={library.dynamicWhispers.items}
        status={library.dynamicWhispers.status}
        onRetry={() => void library.reloadDynamicWhispers()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <DynamicWhisperDialog
          open
          id={editor.editing}
          poolId={poolId}
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
