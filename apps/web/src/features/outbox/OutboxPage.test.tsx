import '#src/test/setup.ts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

describe('outbox', () => {
  afterEach(() => fakeFetch.mockReset());

  it('lists the mails newest first with their links', async () => {
    logInAs(makeUser('admin'));
    const link = 'http://localhost:8080/admin/resetpw?token=abc&mode=reset';
    const server = fakeServer({
      'find:outbox': () => ({
        data: [
          { _id: 1, to: 'old@demo.local', subject: 'Old', text: 'old mail', time: '2026-01-01T10:00:00Z' },
          {
            _id: 2,
            to: 'new@demo.local',
            subject: 'Reset your password',
            text: `Hello,\n${link}\nBye`,
            time: '2026-02-01T10:00:00Z',
          },
        ],
      }),
    });
    renderApp('/outbox');
    expect(await screen.findByRole('link', { name: link })).toHaveProperty('href', link);
    const rows = screen.getAllByRole('row');
    expect(rows[1]?.textContent).toContain('new@demo.local');
    expect(rows[2]?.textContent).toContain('old@demo.local');
    expect(server.bodies.find((b) => b.col === 'outbox')).toMatchObject({ sort: { time: -1 } });
  });

  it('is in the settings menu only for users who can view messages', async () => {
    logInAs(makeUser('accountant'));
    const app = renderApp('/outbox');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(app.pathname()).not.toBe('/outbox');
  });
});
