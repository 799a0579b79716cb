import type { RoutingDriver } from './types.ts';

/** A stretch of a driver's shift between breaks: the solver sees each as one vehicle. */
export interface Piece {
  driver: RoutingDriver;
  /** Index of the driver in the input. */
  driverIndex: number;
  start: number;
  end: number;
  /** True for the first stretch of the shift (the first-trip distance applies to it). */
  first: boolean;
  /** How many stretches the shift has. */
  of: number;
}

/** Validates a driver and cuts the shift at its breaks (during a break the driver is at the start address). */
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
  const breaks = [...(driver.breaks ?? [])]
    .map((b) => ({ start: Math.max(b.start, driver.shiftStart), end: Math.min(b.end, driver.shiftEnd) }))
    .filter((b) => b.end > b.start)
    .sort((a, b) => a.start - b.start);
  const spans: { start: number; end: number }[] = [];
  let cursor = driver.shiftStart;
  for (const b of breaks) {
    if (b.start > cursor) spans.push({ start: cursor, end: b.start });
    cursor = Math.max(cursor, b.end);
  }
  if (driver.shiftEnd > cursor) spans.push({ start: cursor, end: driver.shiftEnd });
  return spans.map((s, k) => ({ driver, driverIndex, start: s.start, end: s.end, first: k === 0, of: spans.length }));
}
