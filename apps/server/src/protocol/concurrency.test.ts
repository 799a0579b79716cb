import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/app-harness.ts';
import { SAMPLES } from '../test/resource-samples.ts';

/**
 * Issue 15, the concurrency suite (on PGlite and, in CI, on PostgreSQL where the writes truly run
 * side by side): one version wins once; read-modify-write loops lose no update; history holds
 * exactly the successful writes.
 */

let h: Harness;
let token: string;
let car: number;
beforeAll(async () => {
  h = await startHarness();
  token = await h.tokenOf('admin');
  const r = await h.call({
    act: 'insert',
    col: 'cars',
    token,
    data: { ...SAMPLES.vehicles?.(0, 1), name: 'Shared van', mileage: 0 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  car = r.body._id as number;
});
afterAll(() => h.close());

async function read(): Promise<{ mileage: number; _version: number }> {
  const r = await h.call({ act: 'find', col: 'cars', token, query: { _id: car } });
  return (r.body.data as { mileage: number; _version: number }[])[0] as { mileage: number; _version: number };
}

async function updates(): Promise<number> {
  const r = await h.call({
    act: 'find',
    col: 'history',
    token,
    query: { collection: 'cars', id: car, operation: 'update' },
    limit: 0,
    count: true,
  });
  return r.body.count as number;
}

describe('concurrent writers of one record', () => {
  it('let exactly one of 50 updates on the same version through; the others get 409', async () => {
    const { _version } = await read();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call({ act: 'update', col: 'cars', token, query: { _id: car }, data: { name: `Van ${i}`, _version } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = answers.find((a) => a.status === 200)?.body.name;
    const after = await h.services.store.getById('cars', car);
    expect(after).toMatchObject({ name: winner, _version: _version + 1 });
    expect(await updates()).toBe(1);
  });

  it('lose no increment of 10 clients each adding 20 by read-modify-write, and history counts each', async () => {
    const before = await read();
    const historyBefore = await updates();
    let written = 0;
    const client = async () => {
      for (let done = 0; done < 20; ) {
        const current = await read();
        const r = await h.call({
          act: 'update',
          col: 'cars',
          token,
          query: { _id: car },
          data: { mileage: current.mileage + 1, _version: current._version },
        });
        if (r.status === 200) {
          done++;
          written++;
        } else expect(r.status).toBe(409);
      }
    };
    await Promise.all(Array.from({ length: 10 }, client));
    const after = await read();
    expect(written).toBe(200);
    expect(after.mileage).toBe(before.mileage + 200);
    expect(after._version).toBe(before._version + 200);
    expect((await updates()) - historyBefore).toBe(200);
  });
});
