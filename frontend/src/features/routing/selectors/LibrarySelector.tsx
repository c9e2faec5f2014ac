import type { ComponentType } from 'react';
import type { Described } from '../api/editors';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary, type LibraryList, type RoutingLibrary } from './RoutingLibrary';
import { useEditor } from './useEditor';

/** The props of an editor dialog a selector opens: the record `id` (0 adds a new one). */
export interface SelectorDialogProps {
  open: boolean;
  id: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** The library's lists of records a selector can choose from. */
type ListName = {
  [K in keyof RoutingLibrary]: RoutingLibrary[K] extends LibraryList<Described> ? K : never;
}[keyof RoutingLibrary];
/** The library's reload functions. */
type ReloadName = Extract<keyof RoutingLibrary, `reload${string}`>;

export interface LibrarySelectorProps extends SelectorProps {
  /** The library list the select offers. */
  list: ListName;
  /** What one record is called: 'audio', 'queue'... (button names: 'Add audio'). */
  noun: string;
  /** The library function that fetches the list again (Retry). */
  reload: ReloadName;
  /** The editor the add and edit buttons open; after a save the selector takes the saved id. */
  dialog: ComponentType<SelectorDialogProps>;
}

/** A selector over one library list whose add and edit buttons open the list's editor dialog. */
export function LibrarySelector({ list, noun, reload, dialog: Dialog, ...props }: LibrarySelectorProps) {
  const library = useRoutingLibrary();
  const editor = useEditor(props.value);
  return (
    <>
      <LibrarySelect
        {...props}
        noun={noun}
        options={library[list].items}
        status={library[list].status}
        onRetry={() => void library[reload]()}
        onAdd={editor.add}
        onEdit={editor.edit}
      />
      {editor.editing !== null && (
        <Dialog
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
