import { useState } from 'react';
import { SelectField, TextField } from '../../components/fields';
import { validateNumberAttribution, type InlineList } from '../../domain/services';
import { useFieldMessages } from '../../lib/useFieldMessages';
import { InlineAddDialog } from '../../components/purchase/static/InlineAddDialog';
import type { AttributionChange, ListItem, NumberLists, NumberRow } from './api';

/** The attribution form's values: a list's chosen id as text ('0' none; '' unchanged, several numbers). */
export interface AttributionForm {
  mediaDescription: string;
  channel: string;
  department: string;
  mediaOwner: string;
}

export type ListKey = 'channels' | 'departments' | 'mediaOwners';
type ListField = 'channel' | 'department' | 'mediaOwner';

const LISTS: [InlineList, string, ListKey, ListField][] = [
  ['channel', 'Channel', 'channels', 'channel'],
  ['mediaOwner', 'Media owner', 'mediaOwners', 'mediaOwner'],
  ['department', 'Department', 'departments', 'department'],
];

export const ATTRIBUTION_FIELDS = ['mediaDescription', 'channel', 'department', 'mediaOwner'];

/** One number's values, or all 'unchanged' for several. */
export function initialForm(rows: NumberRow[]): AttributionForm {
  const row = rows.length === 1 ? rows[0] : null;
  if (!row) return { mediaDescription: '', channel: '', department: '', mediaOwner: '' };
  return {
    mediaDescription: row.mediaDescription,
    channel: String(row.channelId),
    department: String(row.departmentId),
    mediaOwner: String(row.mediaOwnerId),
  };
}

/** What is posted: a field left unchanged (several numbers: empty) is not. */
export function toChange(form: AttributionForm, several: boolean): AttributionChange {
  const list = (value: string) => (value === '' ? undefined : Number(value) || 0);
  return {
    mediaDescription: several && form.mediaDescription.trim() === '' ? undefined : form.mediaDescription.trim(),
    channel: list(form.channel),
    department: list(form.department),
    mediaOwner: list(form.mediaOwner),
  };
}

/** The domain's messages for the change (the purchase form's rule). */
export function attributionErrors(change: AttributionChange): Record<string, string> {
  return validateNumberAttribution({
    mediaDescription: change.mediaDescription ?? null,
    channel: change.channel ?? null,
    department: change.department ?? null,
    mediaOwner: change.mediaOwner ?? null,
  });
}

/** The form state of an attribution edit, with its shown messages. */
export function useAttributionForm(rows: NumberRow[]) {
  const several = rows.length > 1;
  const [form, setForm] = useState<AttributionForm>(() => initialForm(rows));
  const change = toChange(form, several);
  const errors = attributionErrors(change);
  const messages = useFieldMessages(errors);
  return { form, setForm, several, change, errors, ...messages };
}

/** The media description and the three lists, each with its inline add. */
export function AttributionFields({
  state,
  lists,
  onListsChange,
  disabled,
}: {
  state: ReturnType<typeof useAttributionForm>;
  lists: NumberLists;
  onListsChange: (lists: NumberLists) => void;
  disabled: boolean;
}) {
  const { form, setForm, several, errorOf, left, changed } = state;
  const [adding, setAdding] = useState<InlineList | null>(null);

  function set(field: keyof AttributionForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    changed(field);
  }

  function added(key: ListKey, field: ListField, item: ListItem) {
    onListsChange({ ...lists, [key]: [item, ...lists[key]] });
    set(field, String(item.id));
    setAdding(null);
  }

  return (
    <>
      <TextField
        label="Media description"
        name="mediaDescription"
        value={form.mediaDescription}
        onChange={(value) => set('mediaDescription', value)}
        onBlur={() => left('mediaDescription')}
        error={errorOf('mediaDescription')}
        hint={several ? 'Leave empty to keep each number’s own.' : undefined}
        disabled={disabled}
      />
      {LISTS.map(([list, label, key, field]) => (
        <div className="field-with-action" key={list}>
          <SelectField
            label={label}
            name={field}
            value={form[field]}
            placeholder={several ? 'Unchanged' : undefined}
            options={[
              { value: '0', label: 'None' },
              ...lists[key].map((item) => ({ value: String(item.id), label: item.description })),
            ]}
            onChange={(value) => set(field, value)}
            onBlur={() => left(field)}
            error={errorOf(field)}
            disabled={disabled}
          />
          <button
            type="button"
            className="button"
            onClick={() => setAdding(list)}
            disabled={disabled}
            aria-label={`Add ${label.toLowerCase()}`}
          >
            Add
          </button>
        </div>
      ))}
      {LISTS.filter(([list]) => adding === list).map(([list, label, key, field]) => (
        <InlineAddDialog
          key={list}
          list={list}
          title={`Add ${label.toLowerCase()}`}
          taken={lists[key].map((item) => item.description)}
          onClose={() => setAdding(null)}
          onAdded={(item) => added(key, field, item)}
        />
      ))}
    </>
  );
}
