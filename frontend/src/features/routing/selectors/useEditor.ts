import { useState } from 'react';

/** Which record a selector's dialog edits: null while closed, 0 for a new one. */
export function useEditor(value: number) {
  const [editing, setEditing] = useState<number | null>(null);
  return {
    editing,
    add: () => setEditing(0),
    edit: () => setEditing(value),
    close: () => setEditing(null),
  };
}
