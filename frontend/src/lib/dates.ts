// Every date a person reads, one format per kind, from the domain's rules
// (crates/domain/src/format.rs): a day "23/11/2026", a moment "23/11/2026 10:00 GMT" in the
// account's zone, and a relative time "5 minutes ago". Screens format dates only through here.
import * as domain from '../domain';
import { now } from './clock';

/** A stored day (YYYY-MM-DD, maybe followed by a time) as "23/11/2026"; as stored if it is not one. */
export function formatDay(stored: string): string {
  return domain.formatDate(stored) ?? stored;
}

/** A unix time (seconds) as its day in the zone: "23/11/2026". */
export function formatDayAt(seconds: number, timeZone: string): string {
  return domain.formatDayAt(seconds, timeZone);
}

/** A unix time (seconds) as a moment in the zone: "23/11/2026 10:00 GMT". */
export function formatDateTime(seconds: number, timeZone: string): string {
  return domain.formatDateTime(seconds, timeZone);
}

/** How long ago a unix time (seconds) was, by the clock: "just now", "5 minutes ago", "yesterday"... */
export function formatRelative(seconds: number, timeZone: string): string {
  return domain.formatRelative(seconds, Math.floor(now() / 1000), timeZone);
}
