/**
 * Whether a form's rows differ from the ones it started with: another number of rows, or a field
 * of a row with another value. The rows hold plain values (text, numbers, booleans); a change
 * undone is no change.
 */
export function rowsEdited<T extends object>(initial: readonly T[], current: readonly T[]): boolean {
  if (initial.length !== current.length) return true;
  return current.some((row, i) => {
    const was = initial[i] as Record<string, unknown>;
    const now = row as Record<string, unknown>;
    const keys = new Set([...Object.keys(was), ...Object.keys(now)]);
    return [...keys].some((key) => !Object.is(was[key], now[key]));
  });
}
