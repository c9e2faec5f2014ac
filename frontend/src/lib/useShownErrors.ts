import { useCallback, useState } from 'react';

export type FieldMessages = Record<string, string>;

/**
 * Which field messages a form shows: the server's answer for a field until that field changes,
 * else the domain's message once the field has been left (blurred) or a save was tried.
 */
export function useShownErrors(errors: FieldMessages) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});

  /** The field was left: its domain message may show. */
  const touch = useCallback((field: string) => setTouched((current) => new Set(current).add(field)), []);
  /** A save was tried: every listed field's message may show. */
  const touchAll = useCallback((fields: Iterable<string>) => setTouched(new Set(fields)), []);
  /** The field changed: the server's message about its old value goes. */
  const changed = useCallback(
    (field: string) => setServerErrors(({ [field]: _gone, ...rest }) => rest),
    [],
  );
  const reset = useCallback(() => {
    setTouched(new Set());
    setServerErrors({});
  }, []);

  const shown = (field: string): string | undefined =>
    serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);

  return { shown, touch, touchAll, changed, setServerErrors, reset };
}
