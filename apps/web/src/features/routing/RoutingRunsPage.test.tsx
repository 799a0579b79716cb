import '#src/test/setup.ts';
import { epochOf } from '@tc/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

const ZONE = 'Asia/Tokyo';
const schedule = (id: number, name: string, status: string, time: string) => ({
  _id: id,
  _version: 1,
  unit: 1,
  name,
  status,
  repeat: 'daily',
  time,
  daysAhead: 1,
});

describe('the scheduled runs page', () => {
  afterEach(() => {
    fakeFetch.mockReset();
    vi.useRealTimers();
  });

  it('says when each active schedule runs next, at the site’s time, while no run is listed yet', async () => {
    // 08:30 on 3 December in Tokyo is still 2 December in UTC and in the Americas
    vi.useFakeTimers({ now: epochOf(ZONE, '2026-12-03 08:30'), toFake: ['Date'] });
    logInAs(makeUser('dispatcher', { timeZone: ZONE }));
    fakeServer({
      'find:routingRuns': () => ({ data: [] }),
      'find:routingSchedules': () => ({
        data: [schedule(1, 'Evening', 'active', '23:59'), schedule(2, 'Switched off', 'inactive', '23:59')],
      }),
    });
    renderApp('/routingSchedules/runs');
    const next = await screen.findByRole('region', { name: 'Next runs' });
    expect(next.textContent).toContain('Evening: at 2026-12-03 23:59, routing 2026-12-04');
    expect(next.textContent).not.toContain('Switched off');
    const table = screen.getByRole('table', { name: 'Scheduled routing runs' });
    expect(
      await within(table).findByText(
        'No run yet: each active schedule runs at its next time, or at once with “Run now”.',
      ),
    ).toBeTruthy();
  });

  it('says so when no schedule of the site is active', async () => {
    logInAs(makeUser('dispatcher', { timeZone: ZONE }));
    fakeServer({ 'find:routingSchedules': () => ({ data: [schedule(2, 'Switched off', 'inactive', '18:00')] }) });
    renderApp('/routingSchedules/runs');
    expect(await screen.findByText(/^No schedule of the site is active/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Next runs' })).toBeNull();
  });
});
