import '#src/test/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { fakeServer } from '#src/test/fakeServer.ts';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { HistoryViewer } from './HistoryViewer.tsx';

describe('history viewer', () => {
  afterEach(() => fakeFetch.mockReset());

  it('asks for the record history oldest first and shows it in New York time', async () => {
    logInAs(makeUser('admin'));
    const server = fakeServer({
      'find:history': () => ({
        data: [
          {
            _id: 1,
            collection: 'roles',
            id: 5,
            time: '2026-01-15T15:30:00.000Z',
            user: 'Ana',
            operation: 'insert',
            data: { a: 1 },
          },
          {
            _id: 2,
            collection: 'roles',
            id: 5,
            time: '2026-07-01T12:00:00.000Z',
            user: 'Rui',
            operation: 'update',
            data: { a: 2 },
          },
        ],
      }),
    });
    render(
      <AppProviders queryClient={new QueryClient()}>
        <HistoryViewer collection="roles" id={5} />
      </AppProviders>,
    );
    expect(await screen.findByRole('cell', { name: '2026-01-15 10:30:00' })).toBeTruthy(); // EST, UTC-5
    expect(screen.getByRole('cell', { name: '2026-07-01 08:00:00' })).toBeTruthy(); // EDT, UTC-4
    expect(screen.getByText('Created by:').textContent).toContain('Ana');
    expect(screen.getByText('Created at:').textContent).toContain('2026-01-15 10:30:00');
    const rows = screen.getAllByRole('row');
    expect(within(rows[2] as HTMLElement).getByText('Updated')).toBeTruthy();
    expect(server.bodies[0]).toMatchObject({
      act: 'find',
      col: 'history',
      query: { collection: 'roles', id: 5 },
      sort: { time: 1 },
    });
  });
});
