import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateCategory } from '../../../domain/routing';
import { saveCategory } from '../api/extras';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { RecordHistoryLink } from './RecordHistoryLink';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';

export interface CategoryDialogProps {
  open: boolean;
  /** The category to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the category's id; the category list has reloaded. */
  onSaved: (id: number) => void;
}

const known = (key: string) => key === 'form_description';

/** 'Add category' / 'Edit category': a call category's description. */
export function CategoryDialog(props: CategoryDialogProps) {
  const library = useRoutingLibrary();
  if (!props.open) return null;
  const title = props.id ? 'Edit category' : 'Add category';
  const { categories } = library;
  if (props.id === 0) return <CategoryEditor {...props} title={title} initial="" />;
  if (categories.status !== 'ready') {
    return <EditorLoadState title={title} failed={categories.status === 'failed'} onClose={props.onClose} />;
  }
  const record = categories.items.find((category) => category.id === props.id);
  if (!record) return <EditorLoadState title={title} failed onClose={props.onClose} />;
  return <CategoryEditor key={props.id} {...props} title={title} initial={record.description} />;
}

function CategoryEditor({ id, title, initial, onClose, onSaved }: CategoryDialogProps & { title: string; initial: string }) {
  const library = useRoutingLibrary();
  const { content, form, change, errorOf, unplaced, busy, failure, save } = useEditorForm({ noun: 'Category',
    initial: { description: initial },
    validate: validateCategory,
    items: library.categories.items,
    id,
    known,
  });

  function submit() {
    void save(
      id ? 'update' : 'save',
      async () => {
        const savedId = await saveCategory(id, form.description.trim());
        await library.reloadCategories();
        return savedId;
      },
      { done: onSaved },
    );
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      actions={<EditorActions existing={Boolean(id)} saving={busy} onCancel={onClose} />}
    >
      <div ref={content}>
        <RecordHistoryLink kind="category" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_description"
          value={form.description}
          error={errorOf('form_description')}
          onChange={(description) => change({ description }, 'form_description')}
          disabled={busy}
        />
      </div>
    </Dialog>
  );
}
