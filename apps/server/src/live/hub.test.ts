import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';
import { SAMPLES } from '../test/resource-samples.ts';

let h: Harness;
let port: number;
beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(() => h.close());

/** Opens /socket and collects messages until closed. */
async function connect(token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/socket?token=${encodeURIComponent(token)}`);
  const messages: Record<string, unknown>[] = [];
  let closeCode: number | undefined;
  ws.on('message', (m) => messages.push(JSON.parse(String(m))));
  ws.on('close', (code) => {
    closeCode = code;
  });
  await new Promise<void>((resolve) => {
    const check = () => (messages.length > 0 || closeCode !== undefined ? resolve() : setTimeout(check, 20));
    check();
  });
  return { ws, messages, closeCode: () => closeCode };
}

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('/socket', () => {
  it('forwards committed changes to clients allowed to see them, by site and module', async () => {
    const admin = await connect(await h.tokenOf('admin'));
    const site1 = await connect(await h.tokenOf('dispatcher'));
    const site2 = await connect(await h.tokenOf('dispatcher', 2));
    const agent = await connect(await h.tokenOf('agent'));
    const token = await h.tokenOf('admin');
    const job = await h.call({
      act: 'insert',
      col: 'jobs',
      token,
      data: { ...SAMPLES.jobs?.(0, 2), lastName: 'Live' },
    });
    const car = await h.call({
      act: 'insert',
      col: 'cars',
      token,
      data: {
        name: 'Bus 7',
        unit: 1,
        year: 2022,
        model: 'Transit',
        color: 'White',
        licenseExpiry: '2027-06-30',
        pax: 8,
        minSeats: 1,
        services: [1],
      },
    });
    await until(() => admin.messages.length >= 3 && site2.messages.length >= 2 && site1.messages.length >= 2);
    const changes = (m: Record<string, unknown>[]) =>
      m.filter((x) => x.type === 'change').map((x) => `${x.col}:${x.op}:${x.id}`);
    expect(changes(admin.messages)).toEqual([`jobs:insert:${job.body._id}`, `cars:insert:${car.body._id}`]);
    expect(changes(site2.messages)).toEqual([`jobs:insert:${job.body._id}`]);
    expect(changes(site1.messages)).toEqual([`cars:insert:${car.body._id}`]);
    expect(changes(agent.messages)).toEqual([]); // site 1 and no vehicles view
    for (const c of [admin, site1, site2, agent]) c.ws.close();
  });

  it('closes a connection with a bad token', async () => {
    const c = await connect('forged');
    await until(() => c.closeCode() !== undefined);
    expect(c.closeCode()).toBe(4401);
  });

  it('closes a socket whose session ends (logout, suspension) and stops a module the role lost', async () => {
    const login = async (email: string) =>
      (await h.call({ act: 'login', email, password: PASSWORD })).body.token as string;
    const leaving = await login('dispatchadmin@test.local');
    const leaver = await connect(leaving);
    await h.call({ act: 'logout', token: leaving });
    await until(() => leaver.closeCode() !== undefined);
    expect(leaver.closeCode()).toBe(4401);

    const suspendedToken = await login('dispatchadmin2@test.local');
    const suspended = await connect(suspendedToken);
    const su = await h.tokenOf('superadmin');
    const me = (await h.call({ act: 'find', col: 'users', token: su, query: { email: 'dispatchadmin2@test.local' } }))
      .body.data as { _id: number; _version: number }[];
    await h.call({
      act: 'update',
      col: 'users',
      token: su,
      query: { _id: me[0]?._id },
      data: { status: 'suspended', _version: me[0]?._version },
    });
    await until(() => suspended.closeCode() !== undefined);
    expect(suspended.closeCode()).toBe(4401);

    // the accountant views rates; once its role loses them, it hears no more of them
    const accountant = await connect(await login('accountant2@test.local'));
    const rate = SAMPLES.rates?.(1, 2) as Record<string, unknown>;
    const first = await h.call({ act: 'insert', col: 'rates', token: su, data: rate });
    expect(first.status).toBe(200);
    await until(() => accountant.messages.some((m) => m.type === 'change' && m.col === 'rates'));
    await h.call({ act: 'saveroles', token: su, roles: [{ roleCode: 'accountant', permissions: [] }] });
    await h.call({ act: 'insert', col: 'rates', token: su, data: SAMPLES.rates?.(2, 2) });
    await h.call({ act: 'insert', col: 'jobs', token: su, data: { ...SAMPLES.jobs?.(1, 2), lastName: 'After' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(accountant.messages.filter((m) => m.type === 'change' && m.col === 'rates')).toHaveLength(1);
    accountant.ws.close();
  });
});
