import '#src/test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

describe('a list whose load fails', () => {
  afterEach(() => fakeFetch.mockReset());

  it('says so with the server’s words and loads again on Retry', async () => {
    logInAs(makeUser('admin'));
    let down = true;
    const server = fakeServer({
      'find:drivers': () =>
        down
          ? Response.json({ error: 'Something was wrong', code: 'serverError' }, { status: 500 })
          : { data: [{ _id: 1, _version: 1, unit: 1, firstName: 'Zed', lastName: 'Driver' }], count: 1 },
    });
    renderApp('/drivers');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The list could not be loaded');
    expect(screen.getByText('Total: 0')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findByText('Total: 1')).toBeTruthy();
    expect(server.bodies.filter((b) => b.col === 'drivers').length).toBeGreaterThan(1);
  });
});
