import '#src/test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '#src/app/session/sessionStore.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logOut, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('login page', () => {
  it('asks for the email and the password', async () => {
    logOut();
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fakeFetch).not.toHaveBeenCalled();
  });

  it('wants a valid email', async () => {
    logOut();
    renderApp('/login');
    fill('Email', 'not-an-email');
    fill('Password', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
  });

  it('shows the server answer, and sends a corrected password at once (issue 15: a refusal is no double submit)', async () => {
    logOut();
    renderApp('/login');
    fakeFetch.mockImplementation(async () => Response.json({ error: 'Email or password is invalid' }, { status: 400 }));
    fill('Email', 'admin@demo.local');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Email or password is invalid');
    fill('Password', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(fakeFetch).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fakeFetch.mock.calls[1]?.[1]?.body)).password).toBe('Demo1234!');
    fakeFetch.mockReset();
  });

  it('drops a second submit while the first is on its way', async () => {
    logOut();
    renderApp('/login');
    let answer: (r: Response) => void = () => undefined;
    fakeFetch.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    fill('Email', 'admin@demo.local');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(fakeFetch).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeFetch).toHaveBeenCalledTimes(1);
    answer(Response.json({ error: 'Email or password is invalid' }, { status: 400 }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Email or password is invalid');
    fakeFetch.mockReset();
  });

  it('logs in and leaves the guest page', async () => {
    logOut();
    const app = renderApp('/login');
    const user = makeUser('admin');
    fakeFetch.mockImplementation(async (_url, init) => {
      const act = JSON.parse(String(init?.body)).act;
      return act === 'login'
        ? Response.json({ token: 't1', user, settings: [], modules: [] })
        : Response.json({ data: [] });
    });
    fill('Email', 'admin@demo.local');
    fill('Password', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(getSession().token).toBe('t1');
    fakeFetch.mockReset();
  });
});
