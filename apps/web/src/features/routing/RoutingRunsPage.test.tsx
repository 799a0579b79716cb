import '#src/test/setup.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

describe('the scheduled runs page', () => {
  afterEach(() => fakeFetch.mockReset());

  it('says when each active schedule runs next, as the server answers, and that a run comes while none is listed', async () => {
    logInAs(makeUser('dispatcher'));
    const server = fakeServer({
      'find:routingRuns': () => ({ data: [] }),
      routingschedulenext: () => [
        { id: 1, name: 'Evening', unit: 1, at: '2026-12-03 18:00', days: ['2026-12-04'], on: true },
        { id: 2, name: 'Overnight', unit: 1, at: '2026-12-03 23:30', days: ['2026-12-03', '2026-12-04'], on: true },
        { id: 3, name: 'Elsewhere', unit: 2, at: '2026-12-03 18:00', days: ['2026-12-04'], on: false },
      ],
    });
    renderApp('/routingSchedules/runs');
    const next = await screen.findByRole('region', { name: 'Next runs' });
    expect(
      within(next)
        .getAllByText(/^(Evening|Overnight|Elsewhere):/)
        .map((e) => e.textContent),
    ).toEqual([
      'Evening: at 2026-12-03 18:00, routing 2026-12-04',
      'Overnight: at 2026-12-03 23:30, routing 2026-12-03, 2026-12-04',
      'Elsewhere: does not run, the routing scheduler is not active for this site',
    ]);
    // the empty list's sentence, under the table (a row of it is cut off on a narrow window) and
    // its description
    const empty = await screen.findByText(
      'No run yet: each active schedule runs at its next time, or at once with “Run now”.',
    );
    const table = screen.getByRole('table', { name: 'Scheduled routing runs' });
    expect(table.contains(empty)).toBe(false);
    expect(table.getAttribute('aria-describedby')).toBe(empty.id);
    // asked for the dispatcher's own site
    expect(server.bodies.find((b) => b.act === 'routingschedulenext')).toMatchObject({ unit: 1 });
  });

  it('says so when no schedule of the site is active', async () => {
    logInAs(makeUser('dispatcher'));
    fakeServer({ routingschedulenext: () => [] });
    renderApp('/routingSchedules/runs');
    expect(await screen.findByText(/^No schedule of the site is active/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Next runs' })).toBeNull();
  });
});
