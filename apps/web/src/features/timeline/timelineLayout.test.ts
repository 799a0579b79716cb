import { describe, expect, it } from 'vitest';
import { hoursShown, lanes, minuteOfDay, reassignSteps, spanOf, tripSpan } from './timelineLayout.ts';

const day = '2026-12-01';

describe('the timeline’s geometry', () => {
  it('places site times within the day, held to its midnights', () => {
    expect(minuteOfDay(day, '2026-12-01 07:30')).toBe(450);
    expect(minuteOfDay(day, '2026-11-30 22:00')).toBe(0);
    expect(minuteOfDay(day, '2026-12-02 06:00')).toBe(1440);
    // a night shift from the evening before ends in the morning
    expect(spanOf(day, '2026-11-30 22:00', '2026-12-01 06:00')).toEqual({ start: 0, end: 360 });
  });

  it('spans a trip over its duration, half an hour when unknown', () => {
    expect(tripSpan(day, '2026-12-01 08:00', 3600)).toEqual({ start: 480, end: 540 });
    expect(tripSpan(day, '2026-12-01 08:00', undefined)).toEqual({ start: 480, end: 510 });
    expect(tripSpan(day, '2026-12-01 23:50', 3600).end).toBe(1440);
  });

  it('shows the working hours, widened to every span', () => {
    expect(hoursShown([])).toEqual({ from: 6, to: 20 });
    expect(
      hoursShown([
        { start: 270, end: 300 },
        { start: 1200, end: 1290 },
      ]),
    ).toEqual({ from: 4, to: 22 });
  });

  it('widens the hours to now, late in the evening or early in the morning', () => {
    expect(hoursShown([], 23 * 60 + 5)).toEqual({ from: 6, to: 24 });
    expect(hoursShown([], 23 * 60 + 59)).toEqual({ from: 6, to: 24 });
    expect(hoursShown([{ start: 480, end: 540 }], 5 * 60 + 30)).toEqual({ from: 5, to: 20 });
    expect(hoursShown([], 20 * 60)).toEqual({ from: 6, to: 21 });
    expect(hoursShown([], 12 * 60)).toEqual({ from: 6, to: 20 });
  });

  it('stacks overlapping bars of a row in lanes, reusing a lane once free', () => {
    expect(
      lanes([
        { start: 0, end: 60 },
        { start: 30, end: 90 },
        { start: 60, end: 120 },
        { start: 40, end: 50 },
      ]),
    ).toEqual([0, 1, 0, 2]);
  });

  it('clears before assigning another driver (spec section 8), and does nothing on the same driver', () => {
    expect(reassignSteps(3, 3)).toEqual([]);
    expect(reassignSteps(null, null)).toEqual([]);
    expect(reassignSteps(undefined, 4)).toEqual(['assign']);
    expect(reassignSteps(3, 4)).toEqual(['clear', 'assign']);
    expect(reassignSteps(3, null)).toEqual(['clear']);
  });
});
