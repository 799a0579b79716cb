import { UNKNOWN_TRIP_MINUTES } from '@tc/domain';

/**
 * The timeline's geometry (spec section 2, timeline): where a span of a day falls, in minutes from
 * the day's midnight (site time), and how bars that overlap in one row stack in lanes.
 */

const MINUTES_OF_DAY = 24 * 60;

/** Minutes from `day`'s midnight of a site date-time "YYYY-MM-DD HH:mm", held to the day. */
export function minuteOfDay(day: string, at: string): number {
  const d = at.slice(0, 10);
  if (d < day) return 0;
  if (d > day) return MINUTES_OF_DAY;
  return Number(at.slice(11, 13)) * 60 + Number(at.slice(14, 16));
}

export interface Span {
  start: number;
  end: number;
}

/** A span of the day from two site date-times; an empty or reversed one lasts a minute. */
export function spanOf(day: string, start: string, end: string): Span {
  const s = minuteOfDay(day, start);
  return { start: s, end: Math.max(s + 1, minuteOfDay(day, end)) };
}

/** A trip's span: from its time for its duration in seconds (half an hour when unknown). */
export function tripSpan(day: string, date: string, durationSeconds: number | undefined): Span {
  const start = minuteOfDay(day, date);
  const minutes =
    durationSeconds !== undefined && durationSeconds > 0 ? Math.round(durationSeconds / 60) : UNKNOWN_TRIP_MINUTES;
  return { start, end: Math.min(MINUTES_OF_DAY, Math.max(start + 5, start + minutes)) };
}

/** The working hours a day shows when nothing lies outside them. */
const WORKING_HOURS = { from: 6, to: 20 };

/**
 * The hours shown: the working hours, widened to every span and, on today, to the minute `now`, so
 * the line for now is never off the edge (a dispatcher at 23:00 or 05:00 still sees where now is).
 */
export function hoursShown(spans: Span[], now: number | null = null): { from: number; to: number } {
  const all = now === null ? spans : [...spans, { start: now, end: now + 1 }];
  const first = Math.min(WORKING_HOURS.from * 60, ...all.map((s) => s.start));
  const last = Math.max(WORKING_HOURS.to * 60, ...all.map((s) => s.end));
  return { from: Math.floor(first / 60), to: Math.min(24, Math.ceil(last / 60)) };
}

/** Each span's lane in its row: a span goes to the first lane where it overlaps nothing. */
export function lanes(spans: Span[]): number[] {
  const order = spans.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start || a.end - b.end);
  const laneEnds: number[] = [];
  const out = new Array<number>(spans.length).fill(0);
  for (const s of order) {
    let lane = laneEnds.findIndex((end) => end <= s.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = s.end;
    out[s.i] = lane;
  }
  return out;
}

/**
 * The trip actions a drop asks for (the clear-first rule of spec section 8): onto its own driver,
 * none; onto the row of no driver, clear; onto another driver, assign, after clearing the one it had.
 */
export function reassignSteps(from: number | null | undefined, to: number | null): ('clear' | 'assign')[] {
  if ((from ?? null) === to) return [];
  if (to === null) return ['clear'];
  return from ? ['clear', 'assign'] : ['assign'];
}
