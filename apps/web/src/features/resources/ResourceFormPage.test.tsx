import '#src/test/setup.ts';
import { expandGrant } from '@tc/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

const staff = {
  _id: 7,
  _version: 3,
  unit: 1,
  role: 'agent',
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  phone: '514-555-0100',
  status: 'active',
};

describe('a user record opened with only the view permission (spec: the users edit route needs only view)', () => {
  afterEach(() => fakeFetch.mockReset());

  it('is shown read-only, without a save button', async () => {
    logInAs(makeUser('dispatchadmin', { modulesAccess: expandGrant({ users: ['view'] }) }));
    fakeServer({ 'find:users': () => ({ data: [staff], count: 1 }) });
    renderApp('/users/edit/7');
    expect(await screen.findByText(/changing it needs the edit permission/)).toBeTruthy();
    const first = (await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement;
    expect(first.value).toBe('Ana');
    expect(first.closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('is editable with the edit permission', async () => {
    logInAs(makeUser('admin'));
    fakeServer({ 'find:users': () => ({ data: [staff], count: 1 }) });
    renderApp('/users/edit/7');
    const first = (await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement;
    expect(first.closest('fieldset')?.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByText(/changing it needs the edit permission/)).toBeNull();
    // the admin views the history
    expect(screen.getByRole('tab', { name: 'History' })).toBeTruthy();
  });

  it('shows no tab the role may not open: without history view, no History tab', async () => {
    logInAs(makeUser('dispatchadmin', { modulesAccess: expandGrant({ users: ['view', 'edit'] }) }));
    fakeServer({ 'find:users': () => ({ data: [staff], count: 1 }) });
    renderApp('/users/edit/7');
    await screen.findByRole('textbox', { name: 'First name' });
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();
  });
});

describe('sections of another template', () => {
  afterEach(() => fakeFetch.mockReset());

  it('shows a vehicle’s trailer dimensions only under the trailers template', async () => {
    logInAs(makeUser('admin'));
    fakeServer({});
    const first = renderApp('/vehicles/create');
    await screen.findByRole('heading', { name: 'Vehicle' });
    expect(screen.queryByRole('heading', { name: 'Trailer' })).toBeNull();
    first.unmount();
    logInAs(makeUser('admin'), [{ name: 'systemTemplate', value: 'trailers', unit: null }]);
    renderApp('/vehicles/create');
    expect(await screen.findByRole('heading', { name: 'Trailer' })).toBeTruthy();
  });
});

describe('the template’s words', () => {
  afterEach(() => fakeFetch.mockReset());

  it('calls a reservation an order with a recipient and a delivery under the trailers template', async () => {
    logInAs(makeUser('admin'), [{ name: 'systemTemplate', value: 'trailers', unit: null }]);
    fakeServer({});
    renderApp('/jobs/create');
    expect(await screen.findByRole('heading', { name: 'New Order' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recipient' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delivery' })).toBeTruthy();
  });
});

describe('a failed submit', () => {
  afterEach(() => fakeFetch.mockReset());

  it('moves the focus to the first field in error', async () => {
    logInAs(makeUser('admin'));
    fakeServer({});
    renderApp('/drivers/create');
    const create = await screen.findByRole('button', { name: 'Create' });
    create.click();
    await waitFor(() => expect(document.activeElement?.tagName).toBe('INPUT'));
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.getAttribute('aria-invalid')).toBe('true');
  });
});
