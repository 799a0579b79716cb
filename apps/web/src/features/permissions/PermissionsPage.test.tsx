import '#src/test/setup.ts';
import { expandGrant, moduleRecords } from '@tc/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { renderApp } from '#src/test/renderApp.tsx';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';

// A few modules keep the matrix small: happy-dom renders every checkbox.
const modules = moduleRecords().filter((m) => ['010', '015', '100', '280', '640'].includes(m.moduleCode));

const roles = [
  { _id: 1, _version: 1, roleId: 20, roleCode: 'admin', roleName: 'Admin', permissions: [] },
  {
    _id: 2,
    _version: 3,
    roleId: 70,
    roleCode: 'agent',
    roleName: 'Agent',
    permissions: expandGrant({ jobs: ['view'] }),
  },
];

function serve(saveAnswer: unknown = { ok: true }) {
  return fakeServer({
    'find:modules': () => ({ data: modules }),
    'find:roles': () => ({ data: roles }),
    countroles: () => ({ data: [{ role: 'agent', roleCode: 70, count: 4 }] }),
    saveroles: () => saveAnswer,
  });
}

describe('permissions screen', { timeout: 20_000 }, () => {
  afterEach(() => fakeFetch.mockReset());

  it('shows role cards with user counts and saves a role after confirmation', async () => {
    logInAs(makeUser('superadmin'));
    const server = serve();
    renderApp('/permissions');
    const agentCard = await screen.findByRole('button', { name: 'Show the permissions of Agent' });
    expect(within(agentCard).getByText('4 users')).toBeTruthy();
    fireEvent.click(agentCard);
    expect(await screen.findByRole('columnheader', { name: 'Actions of Agent' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Select none for Agent' }));
    fireEvent.click(screen.getByLabelText('Timeline: View'));
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Agent/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.bodies.some((b) => b.act === 'saveroles')).toBe(true));
    const save = server.bodies.find((b) => b.act === 'saveroles') as {
      roles: { roleCode: string; permissions: { moduleCode: string; action: string }[] }[];
    };
    expect(save.roles).toHaveLength(1);
    expect(save.roles[0]?.roleCode).toBe('agent');
    expect(save.roles[0]?.permissions.map((p) => `${p.moduleCode}:${p.action}`)).toEqual(['015:view']);
    expect(await screen.findByText('Permissions successfully updated!')).toBeTruthy();
  });

  it('selects every action of a role and filters modules by the search', async () => {
    logInAs(makeUser('superadmin'));
    serve();
    renderApp('/permissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Select all for Admin' }));
    const adminCard = screen.getByRole('button', { name: 'Show the permissions of Admin' });
    const total = modules.reduce((n, m) => n + m.actions.length, 0);
    expect(within(adminCard).getByText(`${total} of ${total} actions`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search modules'), { target: { value: 'blackl' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  });

  it('says when saving failed', async () => {
    logInAs(makeUser('superadmin'));
    serve(new Response(JSON.stringify({ error: 'Something was wrong' }), { status: 500 }));
    renderApp('/permissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Select all for Agent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/An error occured updating the permissions/)).toBeTruthy();
  });
});
