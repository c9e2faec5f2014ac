import { useCallback, useMemo, useState } from 'react';
import { fieldErrorsOf } from './api';

export type FieldMessages = Record<string, string>;

const everyField = () => true;

/**
 * Which field messages a form shows: a server answer's message for a field until that field
 * changes, else the domain's message (`errors`) once the field has been touched or a save was
 * tried. `known` says which fields the form shows; the server's others are `unplaced`.
 */
export function useFieldMessages(errors: FieldMessages, known: (field: string) => boolean = everyField) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<FieldMessages>({});

  const errorOf = useCallback(
    (field: string): string | undefined => server[field] ?? (showAll || touched.has(field) ? errors[field] : undefined),
    [server, showAll, touched, errors],
  );

  /** The fields were left: their domain messages may show. */
  const left = useCallback((...fields: string[]) => {
    setTouched((current) => {
      if (fields.every((field) => current.has(field))) return current;
      const next = new Set(current);
      fields.forEach((field) => next.add(field));
      return next;
    });
  }, []);

  /** The fields changed: the server's messages about their old values go. */
  const changed = useCallback((...fields: string[]) => {
    setServer((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      fields.forEach((field) => delete next[field]);
      return next;
    });
  }, []);

  /** The fields changed as the user typed: both at once. */
  const touch = useCallback(
    (...fields: string[]) => {
      left(...fields);
      changed(...fields);
    },
    [left, changed],
  );

  /** A save was tried: the listed fields' messages may show (and only theirs, of those not left yet). */
  const touchAll = useCallback((fields: Iterable<string>) => setTouched(new Set(fields)), []);

  /** A save was tried: every domain message may show. */
  const showAllErrors = useCallback(() => setShowAll(true), []);

  const reset = useCallback(() => {
    setTouched(new Set());
    setShowAll(false);
    setServer({});
  }, []);

  const unplaced = useMemo(
    () => Object.entries(server).filter(([field]) => !known(field)).map(([, message]) => message),
    [server, known],
  );

  /**
   * Before a save: when `check` (the form's errors, or a stricter save-time check) has messages,
   * shows them all, moves focus to the first invalid control inside `root` and returns true.
   */
  const refuseSave = useCallback(
    (root: HTMLElement | null, check: FieldMessages = errors): boolean => {
      if (Object.keys(check).length === 0) return false;
      setShowAll(true);
      if (check !== errors) setServer(check);
      focusFirstInvalid(root);
      return true;
    },
    [errors],
  );

  /**
   * After a failed save: when the server's answer names fields, shows their messages, moves focus
   * to the first invalid control inside `root` and returns true; else false (the caller says why).
   */
  const showSaveErrors = useCallback((error: unknown, root: HTMLElement | null): boolean => {
    const fields = fieldErrorsOf(error);
    if (!fields || Object.keys(fields).length === 0) return false;
    setServer(fields);
    focusFirstInvalid(root);
    return true;
  }, []);

  return {
    errorOf,
    touch,
    left,
    changed,
    touchAll,
    showAllErrors,
    serverErrors: server,
    setServerErrors: setServer,
    reset,
    refuseSave,
    showSaveErrors,
    unplaced,
  };
}

/** Moves focus to the first invalid control inside `root` once React has drawn the messages. */
export function focusFirstInvalid(root: HTMLElement | null) {
  setTimeout(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
