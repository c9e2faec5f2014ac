import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useShownErrors } from './useShownErrors';

describe('useShownErrors', () => {
  test("a domain message shows once its field is left or a save is tried; the server's until the field changes", () => {
    const { result, rerender } = renderHook(({ errors }) => useShownErrors(errors), {
      initialProps: { errors: { town: 'Town is required.', email: 'Must be a valid email.' } as Record<string, string> },
    });
    expect(result.current.shown('town')).toBeUndefined();
    act(() => result.current.touch('town'));
    expect(result.current.shown('town')).toBe('Town is required.');
    expect(result.current.shown('email')).toBeUndefined();
    act(() => result.current.touchAll(['town', 'email']));
    expect(result.current.shown('email')).toBe('Must be a valid email.');

    rerender({ errors: {} });
    act(() => result.current.setServerErrors({ email: 'Email is already in use.' }));
    expect(result.current.shown('email')).toBe('Email is already in use.');
    act(() => result.current.changed('email'));
    expect(result.current.shown('email')).toBeUndefined();
    act(() => result.current.reset());
    rerender({ errors: { town: 'Town is required.' } });
    expect(result.current.shown('town')).toBeUndefined();
  });
});
