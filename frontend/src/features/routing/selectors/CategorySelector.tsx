import { CategoryDialog } from '../editors/CategoryDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector } from './LibrarySelector';

/** A call category (IVR and DTMF IVR keys). */
export function CategorySelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="Select a category"
      {...props}
      list="categories"
      noun="category"
      reload="reloadCategories"
      dialog={CategoryDialog}
    />
  );
}
