import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ApiError } from './api';
import { useFieldMessages } from './useFieldMessages';

describe('useFieldMessages', () => {
  test("a domain message shows once its field is left or a save is tried; the server's until the field changes", () => {
    const { result, rerender } = renderHook(({ errors }) => useFieldMessages(errors), {
      initialProps: { errors: { town: 'Town is required.', email: 'Must be a valid email.' } as Record<string, string> },
    });
    expect(result.current.errorOf('town')).toBeUndefined();
    act(() => result.current.left('town'));
    expect(result.current.errorOf('town')).toBe('Town is required.');
    expect(result.current.errorOf('email')).toBeUndefined();
    act(() => result.current.touchAll(['town', 'email']));
    expect(result.current.errorOf('email')).toBe('Must be a valid email.');

    rerender({ errors: {} });
    act(() => result.current.setServerErrors({ email: 'Email is already in use.' }));
    expect(result.current.errorOf('email')).toBe('Email is already in use.');
    act(() => result.current.changed('email'));
    expect(result.current.errorOf('email')).toBeUndefined();
    act(() => result.current.reset());
    rerender({ errors: { town: 'Town is required.' } });
    expect(result.current.errorOf('town')).toBeUndefined();
  });

  test('a field touched as typed shows its domain message and drops the server’s; a tried save shows them all', () => {
    const errors = { name: 'Name is required.', colour: 'Choose a darker colour.' };
    const { result } = renderHook(() => useFieldMessages(errors));
    act(() => result.current.setServerErrors({ name: 'Name must be unique.' }));
    expect(result.current.errorOf('name')).toBe('Name must be unique.');
    act(() => result.current.touch('name'));
    expect(result.current.errorOf('name')).toBe('Name is required.');
    expect(result.current.errorOf('colour')).toBeUndefined();
    act(() => result.current.showAllErrors());
    expect(result.current.errorOf('colour')).toBe('Choose a darker colour.');
  });

  test("a refused save shows the server's messages; those of fields the form does not show are unplaced", () => {
    const { result } = renderHook(() => useFieldMessages({}, (field) => field === 'form_name'));
    const refusal = new ApiError(422, { errors: { form_name: 'Name must be unique.', form_other: 'Try later.' } });
    let placed = false;
    act(() => {
      placed = result.current.showSaveErrors(refusal, null);
    });
    expect(placed).toBe(true);
    expect(result.current.errorOf('form_name')).toBe('Name must be unique.');
    expect(result.current.unplaced).toEqual(['Try later.']);
    expect(result.current.showSaveErrors(new ApiError(500, null), null)).toBe(false);
  });
});
