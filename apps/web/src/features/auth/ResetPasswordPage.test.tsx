import '#src/test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#src/test/renderApp.tsx';
import { logOut } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('reset password page', () => {
  it('checks the rules and the confirmation', async () => {
    logOut();
    renderApp('/resetpw?token=abc&mode=create');
    expect(await screen.findByRole('heading', { name: 'Create your password' })).toBeTruthy();
    fill('New password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('The password needs at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Confirm the password')).toBeTruthy();
  });

  it('sends the reset token and the password, then goes to the login page', async () => {
    logOut();
    const app = renderApp('/resetpw?token=abc&mode=reset');
    fakeFetch.mockImplementationOnce(async () => Response.json({ ok: true }));
    fill('New password', 'Newpass1!');
    fill('Confirm password', 'Newpass1!');
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(JSON.parse(String(fakeFetch.mock.calls[0]?.[1]?.body))).toEqual({
      act: 'resetpassword',
      resetToken: 'abc',
      password: 'Newpass1!',
    });
  });
});

describe('forgot password page', () => {
  it('sends the link, counts down in seconds and returns to the login page', async () => {
    logOut();
    const app = renderApp('/forgot_password');
    fakeFetch.mockImplementationOnce(async () => Response.json({ ok: true }));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'dispatcher@demo.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Back to the login page in 5 seconds.')).toBeTruthy();
    expect(JSON.parse(String(fakeFetch.mock.calls[0]?.[1]?.body))).toMatchObject({
      act: 'passwordsendresettoken',
      email: 'dispatcher@demo.local',
    });
    expect(await screen.findByText('Back to the login page in 4 seconds.', {}, { timeout: 2000 })).toBeTruthy();
    await waitFor(() => expect(app.pathname()).toBe('/login'), { timeout: 6000 });
  }, 10_000);
});
