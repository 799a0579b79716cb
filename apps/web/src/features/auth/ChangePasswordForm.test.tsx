import '#src/test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

async function openModal() {
  fireEvent.click(await screen.findByRole('button', { name: /^User menu/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('change password modal', () => {
  afterEach(() => fakeFetch.mockReset());

  it('checks the rules before calling the server', async () => {
    logInAs(makeUser('agent'));
    renderApp('/jobs');
    const dialog = await openModal();
    fill(dialog, 'Old password', 'x');
    fill(dialog, 'New password', 'abcdef');
    fill(dialog, 'Confirm password', 'abcdeg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The password needs an uppercase letter')).toBeTruthy();
    expect(within(dialog).getByText('The passwords do not match')).toBeTruthy();
  });

  it('shows "Wrong old password" from the server', async () => {
    logInAs(makeUser('agent'));
    const server = fakeServer({
      changepassword: () => new Response('{"error":"Wrong old password"}', { status: 400 }),
    });
    renderApp('/jobs');
    const dialog = await openModal();
    fill(dialog, 'Old password', 'nope');
    fill(dialog, 'New password', 'Abcdef');
    fill(dialog, 'Confirm password', 'Abcdef');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Wrong old password')).toBeTruthy();
    await waitFor(() =>
      expect(server.bodies.find((b) => b.act === 'changepassword')).toMatchObject({
        oldPassword: 'nope',
        newPassword: 'Abcdef',
        token: 'test-token',
      }),
    );
  });
});
