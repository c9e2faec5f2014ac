import { useMemo, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/fields';
import { validateCategory } from '../../../domain';
import { saveCategory } from '../api/extras';
import { otherDescriptions, useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions } from './EditorActions';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { SOMETHING_WENT_WRONG } from './messages';
import { useFormErrors } from './useFormErrors';

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
  const content = useRef<HTMLDivElement>(null);
  const [description, setDescription] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const categories = library.categories.items;
  const taken = useMemo(() => otherDescriptions(categories, id), [categories, id]);
  const errors = useMemo(() => validateCategory({ description }, taken), [description, taken]);
  const { errorOf, touch, refuseSave, showSaveErrors, unplaced } = useFormErrors(errors, known);

  async function save() {
    if (saving) return;
    setFailure(null);
    if (refuseSave(content.current)) return;
    setSaving(true);
    try {
      const savedId = await saveCategory(id, description.trim());
      await library.reloadCategories();
      setSaving(false);
      onSaved(savedId);
    } catch (error) {
      if (!showSaveErrors(error, content.current)) setFailure(SOMETHING_WENT_WRONG);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={saving}
      actions={<EditorActions existing={Boolean(id)} saving={saving} onCancel={onClose} />}
    >
      <div ref={content}>
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_description"
          value={description}
          error={errorOf('form_description')}
          onChange={(value) => {
            setDescription(value);
            touch('form_description');
          }}
          disabled={saving}
        />
      </div>
    </Dialog>
  );
}
