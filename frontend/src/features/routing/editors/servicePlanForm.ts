// Between the service plan dialog's rows (the domain's TimeRow) and the server's fields, plus
// the wall-clock input of 'Where does a call go?'.
import type { PlanException, TimeRow } from '../../../domain';
import type { FormFields } from '../../../lib/api';
import { toId, type PlanTimeAnswer } from '../api/editors';

/** Day 1 is Monday, as in the domain and the server. */
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const dayName = (day: number): string => DAY_NAMES[day - 1] ?? `Day ${day}`;

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Minute of the day (0-1439) as "HH:MM". */
export const clock = (minute: number): string => `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;

/** "HH:MM" as [hour, minute]; null when it is not a time. */
export function parseClock(text: string): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? [hour, minute] : null;
}

/** One row of get_routing_data's plan.times. */
export function rowFromAnswer(time: PlanTimeAnswer): TimeRow {
  const [fromHour, fromMinute] = parseClock(String(time.TzonLowerTime ?? '')) ?? [0, 0];
  const [toHour, toMinute] = parseClock(String(time.TzonUpperTime ?? '')) ?? [23, 59];
  const planType = time.planType === 'ivr' ? 'ivr' : 'routing';
  return {
    fromDay: Number(time.TzonLowerDay) || 1,
    fromHour,
    fromMinute,
    toDay: Number(time.TzonUpperDay) || 7,
    toHour,
    toMinute,
    planType,
    routing: planType === 'routing' ? toId(time.TzonRogrID) : 0,
    ivr: planType === 'ivr' ? toId(time.TzonIvrsID) : 0,
  };
}

/**
 * The create_plan fields (update_plan: with the record id), each row field with its index, and
 * the dated exceptions as one JSON list: always sent, as the server reads none as "none".
 */
export function planFields(
  description: string,
  rows: TimeRow[],
  exceptions: readonly PlanException[],
  recordId?: number,
): FormFields {
  const fields: FormFields = { form_plan_description: description, form_exceptions: JSON.stringify(exceptions) };
  rows.forEach((row, i) => {
    fields[`form_from_day[${i}]`] = row.fromDay;
    fields[`form_from_hour[${i}]`] = row.fromHour;
    fields[`form_from_minute[${i}]`] = row.fromMinute;
    fields[`form_to_day[${i}]`] = row.toDay;
    fields[`form_to_hour[${i}]`] = row.toHour;
    fields[`form_to_minute[${i}]`] = row.toMinute;
    fields[`form_routing_type[${i}]`] = row.planType;
    fields[`form_routing[${i}]`] = row.planType === 'routing' ? row.routing : 0;
    fields[`form_ivr[${i}]`] = row.planType === 'ivr' ? row.ivr : 0;
  });
  if (recordId !== undefined) fields.form_record_id = recordId;
  return fields;
}

// ---- Dated exceptions ----------------------------------------------------------------------

/** get_routing_data's plan.exceptions (left out when none) as the editor's list. */
export function exceptionsFromAnswer(list: readonly Partial<PlanException>[] | undefined): PlanException[] {
  return (list ?? []).map((exception) => {
    const planType = exception.planType === 'ivr' ? 'ivr' : 'routing';
    return {
      from: exception.from ?? '',
      to: exception.to ?? '',
      description: exception.description ?? '',
      planType,
      routing: planType === 'routing' ? toId(exception.routing) : 0,
      ivr: planType === 'ivr' ? toId(exception.ivr) : 0,
      fromTime: exception.fromTime ?? '',
      toTime: exception.toTime ?? '',
    };
  });
}

/** The day after a YYYY-MM-DD day, or '' when it is not one. */
export function dayAfter(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return '';
  const next = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1));
  return Number.isNaN(next.getTime()) ? '' : next.toISOString().slice(0, 10);
}

/**
 * A new one-day exception, the whole day: the day after the last one's, else no day yet; no
 * destination yet.
 */
export function blankException(list: readonly PlanException[]): PlanException {
  const day = list.length > 0 ? dayAfter(list[list.length - 1].to) : '';
  return { from: day, to: day, description: '', planType: 'routing', routing: 0, ivr: 0, fromTime: '', toTime: '' };
}

/** Whether it answers the whole of each of its days (no times). */
export const wholeDay = (exception: PlanException): boolean =>
  exception.fromTime.trim() === '' && exception.toTime.trim() === '';

/** An exception's target id (its destination plan or IVR). */
export const exceptionTarget = (exception: PlanException): number =>
  exception.planType === 'ivr' ? exception.ivr : exception.routing;

// ---- Wall clock in the account's time zone ------------------------------------------------

function zoneParts(epochMillis: number, timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = format.formatToParts(new Date(epochMillis));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** A zone the browser knows: the account's, else UTC. */
export function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** How far the zone's wall clock is ahead of UTC at that moment, in milliseconds. */
function zoneOffset(epochMillis: number, timeZone: string): number {
  const p = zoneParts(epochMillis, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(epochMillis / 1000) * 1000;
}

/** "YYYY-MM-DDTHH:MM" (a datetime-local value) read in the zone, as epoch milliseconds. */
export function epochOfWallClock(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

/** The zone's wall clock at that moment as a datetime-local value. */
export function wallClockOf(epochMillis: number, timeZone: string): string {
  const p = zoneParts(epochMillis, timeZone);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}`;
}
