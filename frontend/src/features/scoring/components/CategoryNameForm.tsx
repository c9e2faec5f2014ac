import { NameForm } from '../../../components/records/NameForm';
import { validateCategory } from '../../../domain/routing';
import { saveCategory, type CategoryView } from '../api';

export const SAVE_FAILED = 'The category could not be saved. Try again later.';

/** A new category's name above the list, or a category's new name in its row. */
export function CategoryNameForm({
  category,
  taken,
  onSaved,
  onCancel,
}: {
  category: CategoryView | null;
  taken: string[];
  onSaved: (text: string) => void;
  onCancel?: () => void;
}) {
  return (
    <NameForm
      label={category ? `New name for ${category.description}` : 'New category'}
      field="form_description"
      initial={category?.description ?? ''}
      validate={(name) => validateCategory({ description: name }, taken)}
      save={async (name) => {
        await saveCategory(category?.id ?? null, name);
        return category
          ? `The category was renamed to '${name.trim()}'. Its calls follow.`
          : `The category '${name.trim()}' was added.`;
      }}
      onSaved={onSaved}
      failedText={SAVE_FAILED}
      submitLabel={category ? 'Save' : 'Add category'}
      onCancel={onCancel}
    />
  );
}
