import { describe, expect, test } from 'vitest';
import { isUkCode, ukCodeId } from './countryCodes';

describe('the default international code', () => {
  test("is the UK's, by its code whatever its id or its plus", () => {
    expect(ukCodeId([{ id: 7, code: '353' }, { id: 3, code: '+44' }])).toBe(3);
    expect(ukCodeId([{ id: 7, code: '353' }])).toBe(0);
    expect(isUkCode({ code: '44' })).toBe(true);
    expect(isUkCode({ code: '440' })).toBe(false);
  });
});
