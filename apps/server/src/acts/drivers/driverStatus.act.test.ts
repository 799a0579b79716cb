import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const act = async (action: string, token: string, id = 1) => {
  const driver = await h.services.store.getById('drivers', id);
  return h.call({ act: 'driverstatus', token, id, _version: driver?._version, action });
};

describe('online drivers', () => {
  it('takes a driver online, on a break, back, and offline; refuses what the status does not take', async () => {
    const dispatcher = await h.tokenOf('dispatcher');
    expect((await act('online', dispatcher)).body).toMatchObject({ driverStatus: 'online' });
    expect((await act('break', dispatcher)).body).toMatchObject({ driverStatus: 'break' });
    const twice = await act('break', dispatcher);
    expect(twice).toMatchObject({ status: 409, body: { error: 'A driver who is break cannot be sent on a break.' } });
    expect(twice.code).toBe('driverStatus');
    expect((await act('release', dispatcher)).body).toMatchObject({ driverStatus: 'online' });
    expect((await act('offline', dispatcher)).body).toMatchObject({ driverStatus: 'offline' });
  });

  it('needs the active drivers module’s changeStatus, on the caller’s site', async () => {
    expect((await act('online', await h.tokenOf('agent'))).status).toBe(403);
    expect((await act('online', await h.tokenOf('dispatcher', 2))).status).toBe(404);
    const stale = await h.call({
      act: 'driverstatus',
      token: await h.tokenOf('dispatcher'),
      id: 1,
      _version: 1,
      action: 'online',
    });
    expect(stale.status).toBe(409);
  });
});
