import { describe, expect, test, vi } from 'vitest';
import { TEST_NOW } from '../test/setup';
import { formatDateTime, formatDay, formatDayAt, formatRelative } from './dates';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const NOW = TEST_NOW.getTime() / 1000;

describe('one date format per kind (the domain rules)', () => {
  test('a day, stored or as an instant in the account zone', () => {
    expect(formatDay('2026-11-21')).toBe('21/11/2026');
    expect(formatDay('not a date')).toBe('not a date');
    expect(formatDayAt(seconds('2026-07-14T23:30:00Z'), 'Europe/London')).toBe('15/07/2026');
    expect(formatDayAt(seconds('2026-07-14T23:30:00Z'), 'UTC')).toBe('14/07/2026');
  });

  test('a date and time says its zone, summer time included', () => {
    expect(formatDateTime(NOW, 'Europe/London')).toBe('23/11/2026 10:00 GMT');
    expect(formatDateTime(seconds('2026-07-16T09:30:00Z'), 'Europe/London')).toBe('16/07/2026 10:30 BST');
    expect(formatDateTime(NOW, 'Unknown/Zone')).toBe('23/11/2026 10:00 UTC');
  });

  test('a relative time counts from the clock', () => {
    expect(formatRelative(NOW - 30, 'Europe/London')).toBe('just now');
    expect(formatRelative(NOW - 5 * 60, 'Europe/London')).toBe('5 minutes ago');
    expect(formatRelative(NOW - 3 * 3600, 'Europe/London')).toBe('3 hours ago');
    expect(formatRelative(seconds('2026-11-22T06:00:00Z'), 'Europe/London')).toBe('yesterday');
    expect(formatRelative(seconds('2026-11-19T12:00:00Z'), 'Europe/London')).toBe('4 days ago');
    expect(formatRelative(seconds('2026-11-01T12:00:00Z'), 'Europe/London')).toBe('01/11/2026 12:00 GMT');
    vi.setSystemTime(new Date('2026-11-23T10:07:00Z'));
    expect(formatRelative(NOW, 'Europe/London')).toBe('7 minutes ago');
  });

  test('screens format dates only through lib/dates', () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../domain/pkg*/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    // Zone arithmetic (not display) for the call path's wall clock is the one other use.
    const allowed = new Set(['./dates.ts', '../features/routing/editors/servicePlanForm.ts']);
    const offenders = Object.entries(sources)
      .filter(([path, text]) => !allowed.has(path) && /Intl\.DateTimeFormat|toLocale(Date|Time)String|toUTCString|toDateString/.test(text))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
