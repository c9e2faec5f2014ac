import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from '../../../domain';
import { otherDescriptions } from '../selectors/RoutingLibrary';
import type { SaveAction } from './EditorActions';
import { SOMETHING_WENT_WRONG } from './messages';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { useSnackbar } from '../../../components/Snackbar';

const NO_ITEMS: { id: number; description: string }[] = [];

export interface EditorFormOptions<F> {
  /** What the editor saves, for the confirmation: 'Destination number' ('… 'Reception' saved.'). */
  noun: string;
  /** The form as the dialog opens. */
  initial: F;
  /** The domain's check of the form, given the descriptions other records hold already. */
  validate: (form: F, taken: string[]) => FieldErrors;
  /** The library's records of this kind (their descriptions are taken); none when names may repeat. */
  items?: { id: number; description: string }[];
  /** The record being edited; 0 for a new one. */
  id: number;
  /** Whether the form shows a message for `key` (else the banner does). */
  known: (key: string, form: F) => boolean;
  /** The banner's message when a save fails without naming fields. */
  failedMessage?: string;
}

/** 'Queue 'Sales' saved.', or 'Queue saved.' for a record without a description. */
export function savedMessage(noun: string, form: unknown): string {
  const description = (form as { description?: unknown } | null)?.description;
  return typeof description === 'string' && description.trim() ? `${noun} '${description.trim()}' saved.` : `${noun} saved.`;
}

export interface EditorSaveSteps<T> {
  /** After the checks pass, before saving: false stops here (e.g. to ask for a confirmation first). */
  proceed?: () => boolean;
  /** After a successful save, once the editor is idle again, with what `persist` answered. */
  done: (result: T) => void;
}

/**
 * The state every routing editor shares: the form, its field messages, the content element those
 * messages focus in, and a save that checks the form, refuses an invalid one, runs the persist call
 * and shows a failure's field messages (or `failedMessage`).
 */
export function useEditorForm<F>({
  noun,
  initial,
  validate,
  items = NO_ITEMS,
  id,
  known,
  failedMessage = SOMETHING_WENT_WRONG,
}: EditorFormOptions<F>) {
  const notify = useSnackbar();
  const content = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<F>(initial);
  const [saving, setSaving] = useState<SaveAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const taken = useMemo(() => otherDescriptions(items, id), [items, id]);
  const errors = useMemo(() => validate(form, taken), [validate, form, taken]);
  const knownKey = useCallback((key: string) => known(key, form), [known, form]);
  const formErrors = useFieldMessages(errors, knownKey);
  const { touch, refuseSave, showSaveErrors } = formErrors;

  function change(patch: Partial<F>, ...keys: string[]) {
    setForm((current) => ({ ...current, ...patch }));
    touch(...keys);
  }

  /**
   * Saves the form: `action` is 'update' for the record itself, 'save' for a new one and
   * 'saveAsNew' for a copy (whose check takes the record's own description too). `persist` gets
   * whether the save makes a new record.
   */
  async function save<T>(action: SaveAction, persist: (asNew: boolean) => Promise<T>, steps: EditorSaveSteps<T>) {
    if (saving) return;
    setFailure(null);
    const asNew = action !== 'update';
    // Saved as new, the record's own description is taken too.
    const check = asNew && id > 0 ? validate(form, otherDescriptions(items, 0)) : errors;
    if (refuseSave(content.current, check)) return;
    if (steps.proceed && !steps.proceed()) return;
    setSaving(action);
    try {
      const result = await persist(asNew);
      setSaving(null);
      notify(savedMessage(noun, form));
      steps.done(result);
    } catch (error) {
      if (!showSaveErrors(error, content.current)) setFailure(failedMessage);
      setSaving(null);
    }
  }

  return {
    content,
    form,
    setForm,
    change,
    errors,
    ...formErrors,
    saving,
    busy: saving !== null,
    failure,
    save,
  };
}
