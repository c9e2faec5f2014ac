import { describe, expect, test } from 'vitest';
import { rowsEdited } from './rowsEdited';

const row = (description: string, recording = false) => ({ id: 1, description, recording });

describe('rowsEdited', () => {
  test('the same values are no edit, even in new objects', () => {
    expect(rowsEdited([row('Leeds')], [row('Leeds')])).toBe(false);
    expect(rowsEdited([], [])).toBe(false);
  });

  test('another value of any field is an edit', () => {
    expect(rowsEdited([row('Leeds')], [row('Leeds office')])).toBe(true);
    expect(rowsEdited([row('Leeds')], [row('Leeds', true)])).toBe(true);
  });

  test('another number of rows is an edit', () => {
    expect(rowsEdited([row('Leeds')], [])).toBe(true);
  });

  test('a field only one side has is an edit', () => {
    const before: { id: number; extra?: number }[] = [{ id: 1 }];
    expect(rowsEdited(before, [{ id: 1, extra: 0 }])).toBe(true);
  });
});
