import '#src/test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

describe('site selector', () => {
  afterEach(() => fakeFetch.mockReset());

  it('lets an admin pick a site from the units and keeps it in session storage', async () => {
    logInAs(makeUser('admin'));
    const server = fakeServer({
      'find:units': () => ({
        data: [
          { _id: 1, name: 'Montreal', type: 'Default' },
          { _id: 2, name: 'Laval Schools', type: 'School' },
        ],
      }),
    });
    renderApp('/jobs');
    const input = await screen.findByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(server.bodies.some((b) => b.col === 'units')).toBe(true));
    fireEvent.change(input, { target: { value: 'Laval' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Laval Schools', hidden: true }));
    await waitFor(() => expect(sessionStorage.getItem('site')).toBe('2'));
    expect(server.bodies.some((b) => b.act === 'find' && b.col === 'units')).toBe(true);
  });

  it('holds a user below admin to their own site', async () => {
    logInAs(makeUser('dispatcher', { unitName: 'Montreal' }));
    renderApp('/jobs');
    expect(await screen.findByLabelText('Site')).toHaveProperty('textContent', 'Montreal');
    expect(fakeFetch.mock.calls.some(([, init]) => String(init?.body).includes('"units"'))).toBe(false);
  });
});
