import { describe, expect, it } from 'vitest';
import { agentSearchRange, dashboardWeeks, statFontSize, statWindow, weekStart } from './home.ts';

describe('the agent home', () => {
  it('searches two months back to today', () => {
    expect(agentSearchRange('2026-11-25')).toEqual({ from: '2026-09-25', to: '2026-11-25' });
    // the end of a longer month clamps to the shorter month's last day
    expect(agentSearchRange('2026-12-31')).toEqual({ from: '2026-10-31', to: '2026-12-31' });
    expect(agentSearchRange('2026-04-30')).toEqual({ from: '2026-02-28', to: '2026-04-30' });
  });

  it('draws a statistic at 80 below 4 characters, else 240 over the length', () => {
    expect(statFontSize(0)).toBe(80);
    expect(statFontSize(999)).toBe(80);
    expect(statFontSize(1000)).toBe(60);
    expect(statFontSize('123456')).toBe(40);
  });

  it('counts the last day and the last 700 days', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    expect(statWindow('day', now)).toEqual(['2026-11-24T12:00:00.000Z', '2026-11-25T12:00:00.000Z']);
    expect(statWindow('week', now)[0]).toBe('2024-12-25T12:00:00.000Z');
  });
});

describe("the dashboard's weeks", () => {
  it('run Monday to Sunday', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(dashboardWeeks('2026-11-29')).toEqual({
      thisWeek: ['2026-11-23', '2026-11-29'],
      lastWeek: ['2026-11-16', '2026-11-22'],
    });
  });
});
