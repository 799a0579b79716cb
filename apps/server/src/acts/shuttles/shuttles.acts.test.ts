import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;
let shuttle: number;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
  const s = await h.services.store.insert(
    'shuttles',
    {
      unit: 1,
      code: 'L1',
      name: 'Laval loop',
      pax: 20,
      times: [{ hour: '07:30', weekDays: [1, 2, 3, 4, 5], limit: 20 }],
      stops: [{ address: '1 Place du Souvenir, Laval', name: 'Montmorency', lat: 45.5587, lon: -73.7215 }],
    },
    { id: null, name: 'fixtures' },
  );
  shuttle = s._id;
});
afterAll(() => h.close());

describe('duplicateshuttle', () => {
  it('copies times and stops under a new code, with history', async () => {
    const r = await h.call({ act: 'duplicateshuttle', token: admin, id: shuttle, code: 'L1-B' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ code: 'L1-B', name: 'Laval loop', unit: 1, pax: 20 });
    expect(r.body._id).not.toBe(shuttle);
    expect((r.body.stops as unknown[]).length).toBe(1);
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { collection: 'shuttles', id: r.body._id },
    });
    expect((history.body.data as { operation: string }[]).map((e) => e.operation)).toEqual(['insert']);
  });

  it('needs a new code', async () => {
    for (const code of ['', 'l1', 'L1-B']) {
      expect((await h.call({ act: 'duplicateshuttle', token: admin, id: shuttle, code })).body).toMatchObject({
        error: 'The copy needs a new code',
      });
    }
  });

  it('needs the shuttles create action', async () => {
    const agent = await h.tokenOf('accountant');
    expect((await h.call({ act: 'duplicateshuttle', token: agent, id: shuttle, code: 'X' })).body).toEqual({
      error: FORBIDDEN_MESSAGE,
    });
  });
});
