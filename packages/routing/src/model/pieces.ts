import type { Place, RoutingDriver } from './types.ts';

/** A stretch of a driver's shift between breaks and work it already has: the solver sees each as one vehicle. */
export interface Piece {
  driver: RoutingDriver;
  /** Index of the driver in the input. */
  driverIndex: number;
  start: number;
  end: number;
  /** Where the stretch starts and where it must end. */
  from: Place;
  to: Place;
  /** True for the first stretch of the shift (the first-trip distance applies to it). */
  first: boolean;
  /** How many stretches the shift has. */
  of: number;
  /** What the driver and its vehicle offer between them (shared by the shift's stretches). */
  offers: { services: Set<string>; attributes: Set<string>; areas: Set<string> };
}

/**
 * Validates a driver and cuts the shift at its breaks (during a break the driver is at the start
 * address) and at the work it already has (the stretch before ends where that work starts, the one
 * after starts where it ends).
 */
export function shiftPieces(driver: RoutingDriver, driverIndex: number): Piece[] {
  if (!(driver.shiftEnd > driver.shiftStart))
    throw new RangeError(`driver ${driver.id}: the shift ends before it starts`);
  const h = driver.maxShiftHours;
  if (h !== undefined && !(Number.isInteger(h) && h >= 1 && h <= 24)) {
    throw new RangeError(`driver ${driver.id}: maxShiftHours must be 1 to 24, got ${h}`);
  }
  const score = driver.perAreaMatch ?? 0;
  if (!(Number.isInteger(score) && score >= 0 && score <= 999_999)) {
    throw new RangeError(`driver ${driver.id}: perAreaMatch must be 0 to 999999, got ${score}`);
  }
  const home = driver.start;
  const back = driver.end ?? driver.start;
  for (const b of driver.busy ?? [])
    if (!(b.end >= b.start)) throw new RangeError(`driver ${driver.id}: a busy time ends before it starts`);
  const cuts = [
    ...(driver.breaks ?? []).map((b) => ({ start: b.start, end: b.end, before: back, after: home, moves: false })),
    ...(driver.busy ?? []).map((b) => ({ start: b.start, end: b.end, before: b.from, after: b.to, moves: true })),
  ]
    .map((c) => ({ ...c, start: Math.max(c.start, driver.shiftStart), end: Math.min(c.end, driver.shiftEnd) }))
    // a break within the shift; work within it, even a moment's (it still takes the driver elsewhere)
    .filter((c) => c.end > c.start || (c.moves && c.end === c.start))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const spans: { start: number; end: number; from: Place; to: Place }[] = [];
  let cursor = driver.shiftStart;
  let at = home;
  for (const c of cuts) {
    if (c.start > cursor) spans.push({ start: cursor, end: c.start, from: at, to: c.before });
    if (c.end >= cursor) {
      cursor = c.end;
      at = c.after;
    }
  }
  if (driver.shiftEnd > cursor) spans.push({ start: cursor, end: driver.shiftEnd, from: at, to: back });
  const offers = {
    services: new Set([...(driver.vehicle.services ?? []), ...(driver.services ?? [])]),
    attributes: new Set([...(driver.vehicle.attributes ?? []), ...(driver.attributes ?? [])]),
    areas: new Set(driver.areas ?? []),
  };
  return spans.map((s, k) => ({
    driver,
    driverIndex,
    ...s,
    // the first-trip distance bounds the drive from the start address at the start of the shift
    first: k === 0 && s.from === home,
    of: spans.length,
    offers,
  }));
}
