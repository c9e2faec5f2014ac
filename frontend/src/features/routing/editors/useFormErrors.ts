import { useCallback, useMemo, useState } from 'react';
import { fieldErrorsOf } from '../api/editors';

/**
 * Which field messages a form shows: the domain's `errors` of a field once it has been changed
 * (or after a save attempt), and a server answer's messages until their field changes again.
 */
export function useFormErrors(errors: Record<string, string>, known: (key: string) => boolean) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});

  const errorOf = useCallback(
    (key: string): string | undefined => server[key] ?? (showAll || touched.has(key) ? errors[key] : undefined),
    [server, showAll, touched, errors],
  );

  const touch = useCallback((...keys: string[]) => {
    setTouched((current) => {
      if (keys.every((key) => current.has(key))) return current;
      const next = new Set(current);
      keys.forEach((key) => next.add(key));
      return next;
    });
    setServer((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      keys.forEach((key) => delete next[key]);
      return next;
    });
  }, []);

  /** Messages of a server answer (or of a save-time check) whose fields the form does not show. */
  const unplaced = useMemo(
    () => Object.entries(server).filter(([key]) => !known(key)).map(([, message]) => message),
    [server, known],
  );

  /**
   * Before a save: when `check` (the form's errors, or a stricter save-time check) has messages,
   * shows them all, moves focus to the first invalid control inside `root` and returns true.
   */
  const refuseSave = useCallback(
    (root: HTMLElement | null, check: Record<string, string> = errors): boolean => {
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
    showAllErrors: () => setShowAll(true),
    setServerErrors: setServer,
    refuseSave,
    showSaveErrors,
    unplaced,
  };
}

/** Moves focus to the first invalid control inside `root` once React has drawn the messages. */
export function focusFirstInvalid(root: HTMLElement | null) {
  setTimeout(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
