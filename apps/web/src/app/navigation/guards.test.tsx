import '#src/test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeSelectedSite } from '#src/app/site/siteStore.ts';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, logOut, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

describe('guest and authenticated routes', () => {
  it('sends a guest from an authenticated page to the login page', async () => {
    logOut();
    const app = renderApp('/jobs');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(app.pathname()).toBe('/login');
  });

  it('returns to the page asked for after logging in', async () => {
    logOut();
    const app = renderApp('/drivers');
    await screen.findByRole('button', { name: 'Log in' });
    logInAs(makeUser('admin'));
    await waitFor(() => expect(app.pathname()).toBe('/drivers'));
  });

  it('shows the login page for any unknown path of a guest', async () => {
    logOut();
    renderApp('/no/such/page');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('keeps a logged-in user off the guest pages', async () => {
    logInAs(makeUser('admin'));
    const app = renderApp('/forgot_password');
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
  });
});

describe('permission fallbacks', () => {
  it('sends a user without the dashboard from / to /jobs', async () => {
    logInAs(makeUser('agent'));
    const app = renderApp('/');
    await waitFor(() => expect(app.pathname()).toBe('/jobs'));
    expect(await screen.findByRole('heading', { name: 'Reservations' })).toBeTruthy();
  });

  it('keeps an agent out of /users', async () => {
    logInAs(makeUser('agent'));
    const app = renderApp('/users');
    await waitFor(() => expect(app.pathname()).toBe('/jobs'));
  });

  it('sends a create route without the create action back to its list', async () => {
    logInAs(makeUser('supplier'));
    const app = renderApp('/jobs/create');
    await waitFor(() => expect(app.pathname()).toBe('/jobs'));
  });

  it('opens the permissions screen only for the owner account', async () => {
    logInAs(makeUser('admin'));
    const app = renderApp('/permissions');
    await waitFor(() => expect(app.pathname()).toBe('/'));
  });
});

describe('template guards', () => {
  it('turns away from /students outside the school-shuttle template', async () => {
    logInAs(makeUser('admin'));
    const app = renderApp('/students');
    await waitFor(() => expect(app.pathname()).toBe('/'));
  });

  it('opens /students for a user of a school site', async () => {
    logInAs(makeUser('admin', { unitType: 'School' }));
    const app = renderApp('/students');
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeTruthy();
    expect(app.pathname()).toBe('/students');
  });

  it('follows the systemTemplate setting', async () => {
    logInAs(makeUser('admin', { unitType: 'Default' }), [{ name: 'systemTemplate', value: 'trailers', unit: null }]);
    renderApp('/vehicles');
    expect(await screen.findByRole('heading', { name: 'Trailers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
  });
});

describe('unknown sub-paths', () => {
  it('redirects an unknown sub-path of a list to the list', async () => {
    logInAs(makeUser('admin'));
    const app = renderApp('/drivers/whatever/else');
    await waitFor(() => expect(app.pathname()).toBe('/drivers'));
    expect(await screen.findByRole('heading', { name: 'Drivers' })).toBeTruthy();
  });
});

describe('report sub-pages', () => {
  it('opens a known report and sends an unknown one to the reports list', async () => {
    logInAs(makeUser('admin'));
    const app = renderApp('/reports/bill-reports');
    expect(await screen.findByRole('heading', { name: 'Bill Report' })).toBeTruthy();
    await app.router.navigate('/reports/no-such-report');
    await waitFor(() => expect(app.pathname()).toBe('/reports'));
    expect(await screen.findByRole('link', { name: 'Unique Drivers Per Day' })).toBeTruthy();
  });
});

describe('menu', () => {
  it('lists what the role may see, with the template wording', async () => {
    logInAs(makeUser('agent', { unitType: 'School' }));
    renderApp('/jobs');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual(['Agent Home', 'Bookings', 'Passengers', 'Students', 'Help and Support']);
  });

  it('opens the settings menu at once: a link of it is there to click the moment it opens', async () => {
    logInAs(makeUser('admin'));
    const app = renderApp('/jobs');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByText('Settings', { exact: true }));
    // no waiting: a menu that slid open took a quick click on the list behind its links
    fireEvent.click(within(nav).getByRole('link', { name: 'Outbox' }));
    await waitFor(() => expect(app.pathname()).toBe('/outbox'));
  });

  it('folds away on a desktop and stays folded', async () => {
    logInAs(makeUser('admin'));
    const first = renderApp('/jobs');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide the menu' }));
    expect(screen.getByRole('button', { name: 'Show the menu' }).getAttribute('aria-expanded')).toBe('false');
    first.unmount();
    renderApp('/jobs');
    expect(await screen.findByRole('button', { name: 'Show the menu' })).toBeTruthy();
    localStorage.removeItem('menu-shown');
  });

  it('follows the type of the site an admin chose: the school site opens Parents and Students', async () => {
    logInAs(makeUser('admin'));
    fakeServer({ 'find:units': () => ({ data: [{ _id: 2, name: 'Laval', type: 'School' }], count: 1 }) });
    const menu = async () => {
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      return [...nav.querySelectorAll('a')].map((a) => a.textContent);
    };
    const first = renderApp('/jobs');
    expect(await menu()).not.toContain('Students');
    first.unmount();
    writeSelectedSite(2);
    renderApp('/jobs');
    await waitFor(async () => expect(await menu()).toContain('Students'));
    expect(await menu()).toContain('Parents');
    expect(await menu()).toContain('Bookings');
    writeSelectedSite(null);
    fakeFetch.mockReset();
  });
});
