// Phone numbers read one way on every screen: the domain's UK format (formatUk, the server's
// format_uk), "0161 496 0000", "07700 900123", "+353…" abroad. The account's prefix form
// (formatNumber: "+441614960000", "00441614960000") is not a display format.
import { describe, expect, test } from 'vitest';
import { formatUk } from '../domain/reports';

describe('one phone number format', () => {
  test('stored digits, national or international, and a number already written so read the same', () => {
    for (const stored of ['01614960000', '441614960000', '+44 161 496 0000', '0161 496 0000', '0161-496-0000']) {
      expect(formatUk(stored)).toBe('0161 496 0000');
    }
    expect(formatUk('07700 900123')).toBe('07700 900123');
    expect(formatUk('+35312345678')).toBe('+35312345678');
  });

  test('no screen writes a number in the account prefix form', () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../domain/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    const offenders = Object.entries(sources)
      .filter(([, text]) => /\bformatNumber\b/.test(text))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
