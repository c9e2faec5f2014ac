/** A unix time (seconds) as a day in the customer's time zone, e.g. "23 November 2026". */
export function formatUnixDay(seconds: number, timeZone: string): string {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
  try {
    return format(timeZone || undefined).format(new Date(seconds * 1000));
  } catch {
    // An unknown zone name: the day in UTC rather than nothing.
    return format('UTC').format(new Date(seconds * 1000));
  }
}
