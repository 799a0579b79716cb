import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;
let driver1: number;
let driver2: number;
const system = { id: null, name: 'fixtures' };

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
  driver1 = (await h.services.store.insert('drivers', { unit: 1, firstName: 'Rémi', lastName: 'Côté' }, system))._id;
  driver2 = (await h.services.store.insert('drivers', { unit: 2, firstName: 'Zoé', lastName: 'Roy' }, system))._id;
});
afterAll(() => h.close());

const plan = (over: Record<string, unknown> = {}) => ({
  unit: 1,
  drivers: [driver1],
  from: '2026-11-23',
  to: '2026-11-29',
  weekDays: [1, 2, 3, 4, 5],
  start: '07:00',
  end: '15:00',
  breaks: [{ start: '11:00', end: '11:30' }],
  ...over,
});

describe('createdrivershifts', () => {
  it('creates every shift of the plan in one go, each with its history', async () => {
    const r = await h.call({ act: 'createdrivershifts', token: admin, plan: plan() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(5);
    const found = await h.call({
      act: 'find',
      col: 'driverShifts',
      token: admin,
      query: { driver: driver1 },
      sort: { start: 1 },
      count: true,
    });
    expect((found.body.data as { start: string }[]).map((s) => s.start)).toEqual([
      '2026-11-23 07:00',
      '2026-11-24 07:00',
      '2026-11-25 07:00',
      '2026-11-26 07:00',
      '2026-11-27 07:00',
    ]);
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { collection: 'driverShifts' },
      count: true,
    });
    expect(history.body.count).toBe(5);
  });

  it('answers the spec text without a weekday, and refuses another site’s driver', async () => {
    expect((await h.call({ act: 'createdrivershifts', token: admin, plan: plan({ weekDays: [] }) })).body).toEqual({
      error: 'You must select at least one day',
      field: 'weekDays',
    });
    expect(
      (await h.call({ act: 'createdrivershifts', token: admin, plan: plan({ drivers: [driver2] }) })).body,
    ).toEqual({
      error: 'Unknown driver for this site',
      field: 'drivers',
    });
  });

  it('needs the driver shifts create action', async () => {
    const agent = await h.tokenOf('agent');
    expect((await h.call({ act: 'createdrivershifts', token: agent, plan: plan() })).body).toEqual({
      error: FORBIDDEN_MESSAGE,
    });
  });
});
