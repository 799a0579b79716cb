import '#src/test/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { fakeServer } from '#src/test/fakeServer.ts';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { HistoryViewer } from './HistoryViewer.tsx';

const change = (n: number, operation = 'update') => ({
  _id: n,
  collection: 'roles',
  id: 5,
  // one change a day from 2026-01-01, 10:30 New York time
  time: new Date(Date.UTC(2026, 0, n, 15, 30)).toISOString(),
  user: n === 1 ? 'Ana' : 'Rui',
  operation,
  data: { a: n },
});

describe('history viewer', () => {
  afterEach(() => fakeFetch.mockReset());

  it('shows the newest changes first, a page at a time, with the count and who created the record', async () => {
    logInAs(makeUser('admin'));
    // 45 changes: the first created the record
    const all = Array.from({ length: 45 }, (_, i) => change(i + 1, i === 0 ? 'insert' : 'update')).reverse();
    const server = fakeServer({
      'find:history': (body) => {
        const query = body.query as { operation?: string };
        if (query.operation === 'insert') return { data: all.filter((c) => c.operation === 'insert') };
        const skip = Number(body.skip ?? 0);
        return { data: all.slice(skip, skip + Number(body.limit)), count: all.length };
      },
    });
    render(
      <AppProviders queryClient={new QueryClient()}>
        <HistoryViewer collection="roles" id={5} />
      </AppProviders>,
    );
    // the newest change first, in New York time (EST, UTC-5)
    expect(await screen.findByRole('cell', { name: '2026-02-14 10:30:00' })).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('2026-02-14 10:30:00')).toBeTruthy();
    expect(rows).toHaveLength(21);
    expect(screen.getByText('Total: 45')).toBeTruthy();
    expect(await screen.findByText('Ana', { exact: false })).toBeTruthy();
    expect(screen.getByText('Created at:').textContent).toContain('2026-01-01 10:30:00');
    expect(server.bodies.find((b) => !(b.query as { operation?: string }).operation)).toMatchObject({
      act: 'find',
      col: 'history',
      query: { collection: 'roles', id: 5 },
      sort: { time: -1, _id: -1 },
      skip: 0,
      limit: 20,
      count: true,
    });
    // the oldest are on the last page, not cut
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByRole('cell', { name: '2026-01-01 10:30:00' })).toBeTruthy());
    expect(within(screen.getAllByRole('row')[5] as HTMLElement).getByText('Created')).toBeTruthy();
  });
});
