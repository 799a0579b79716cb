import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

/** Issue 19, point 1: whoever may edit a record reads the names of what it refers to (id and label), within its site. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const options = async (token: string, body: Record<string, unknown>) => h.call({ act: 'options', token, ...body });

describe('options', () => {
  it('gives an agent the sites and profiles a passenger refers to, though it may not list profiles', async () => {
    const agent = await h.tokenOf('agent');
    expect((await h.call({ act: 'find', col: 'profiles', token: agent })).status).toBe(403);
    const profiles = await options(agent, { resource: 'passengers', col: 'profiles' });
    expect(profiles).toEqual({ status: 200, body: { data: [{ _id: 1, label: 'Profile 1' }] } });
    // its own site only, for the site select too
    expect((await options(agent, { resource: 'passengers', col: 'units' })).body).toEqual({
      data: [{ _id: 1, label: 'Montreal' }],
    });
  });

  it('gives an admin every site’s records, narrowed to the ids asked or the record’s site', async () => {
    const admin = await h.tokenOf('admin');
    const all = await options(admin, { resource: 'passengers', col: 'profiles' });
    expect((all.body.data as { label: string }[]).map((o) => o.label)).toEqual(['Profile 1', 'Profile 2']);
    expect((await options(admin, { resource: 'passengers', col: 'profiles', ids: [2] })).body).toEqual({
      data: [{ _id: 2, label: 'Profile 2' }],
    });
    // a parent's students are riders of the parent's site: the staff of the harness never show
    for (const unit of [1, 2]) {
      const rider = {
        role: 'passenger',
        unit,
        firstName: 'Rider',
        lastName: `Site${unit}`,
        email: `r${unit}@t.local`,
        profiles: [unit],
      };
      expect((await h.call({ act: 'insert', col: 'users', token: admin, data: rider })).status).toBe(200);
    }
    const riders = await options(admin, { resource: 'parents', col: 'users', unit: 2 });
    expect(riders.status, JSON.stringify(riders.body)).toBe(200);
    expect((riders.body.data as { label: string }[]).map((o) => o.label)).toEqual(['Rider Site2 r2@t.local']);
    const everyRider = await options(admin, { resource: 'parents', col: 'users' });
    expect((everyRider.body.data as unknown[]).length).toBe(2);
  });

  it('gives an agent the site’s known places with their address and coordinates, and a rider’s details', async () => {
    const admin = await h.tokenOf('admin');
    const place = {
      unit: 1,
      name: 'Gare Centrale',
      type: 'general',
      address: '895 Rue De la Gauchetière O',
      lat: 45.4999,
      lon: -73.5666,
    };
    const made = await h.call({ act: 'insert', col: 'locations', token: admin, data: place });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const agent = await h.tokenOf('agent');
    const places = await options(agent, { resource: 'jobs', col: 'locations', unit: 1 });
    expect(places.body.data).toContainEqual({
      _id: made.body._id,
      label: 'Gare Centrale',
      carry: { address: place.address, lat: place.lat, lon: place.lon },
    });
    // a supplier views reservations but fills no form: names only, no rider's contact or home
    const supplier = await h.tokenOf('supplier');
    const named = await options(supplier, { resource: 'jobs', col: 'users', unit: 1 });
    expect(named.status).toBe(200);
    expect(named.body.data).toContainEqual({ _id: expect.any(Number), label: 'Rider Site1' });
    const riders = await options(agent, { resource: 'jobs', col: 'users', unit: 1 });
    expect(riders.body.data).toContainEqual(
      expect.objectContaining({
        label: 'Rider Site1',
        carry: expect.objectContaining({ email: 'r1@t.local', profiles: [1] }),
      }),
    );
  });

  it('answers only labels, only for what the resource refers to, only to whoever may use the resource', async () => {
    const dispatcher = await h.tokenOf('dispatcher');
    const drivers = await options(dispatcher, { resource: 'driverShifts', col: 'drivers' });
    expect(drivers.body).toEqual({ data: [{ _id: 1, label: 'Fixture Driver1' }] });
    const admin = await h.tokenOf('admin');
    expect(await options(admin, { resource: 'passengers', col: 'cars' })).toEqual({
      status: 400,
      body: { error: 'passengers refers to no cars' },
    });
    const agent = await h.tokenOf('agent');
    expect((await options(agent, { resource: 'users', col: 'suppliers' })).status).toBe(403);
    expect((await options(agent, { resource: 'nothing', col: 'units' })).status).toBe(403);
  });
});
