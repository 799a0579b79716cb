import type { ImportAnswer } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(async () => h.close());

const rider = (i: number, extra: Record<string, unknown> = {}) => ({
  firstName: `Ana${String.fromCharCode(97 + i)}`,
  lastName: 'Importa',
  email: `ana${i}@import.test`,
  phone: `514-555-01${String(10 + i)}`,
  profiles: [1],
  ...extra,
});

async function upload(rows: Record<string, unknown>[], run: string, chunk = 2) {
  for (let offset = 0; offset < rows.length; offset += chunk) {
    const r = await h.call({ act: 'importrows', token: admin, run, offset, rows: rows.slice(offset, offset + chunk) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}
const run = (run: string, extra: Record<string, unknown> = {}) =>
  h.call({ act: 'import', token: admin, run, resource: 'passengers', unit: 1, ...extra });
const count = async () => (await h.services.store.count('users', { lastName: 'Importa' })) as number;

describe('upload data', () => {
  it('checks every row with the form’s rules, writes all or nothing, or the valid ones when asked, with history', async () => {
    // row 3 has no email; row 4 is row 1 again; row 5 names a profile that does not exist
    const rows = [rider(0), rider(1), rider(2, { email: '' }), rider(0), rider(4, { profiles: [999] })];
    await upload(rows, 'first');
    const dry = await run('first', { dryRun: true });
    expect(dry.body).toMatchObject({ total: 5, created: 0, written: false, refusedCount: 2, duplicateCount: 1 });
    const refused = (dry.body as unknown as ImportAnswer).refused;
    expect(refused.map((r) => [r.row, r.field])).toEqual([
      [3, 'email'],
      [5, 'profiles'],
    ]);
    expect((dry.body as unknown as ImportAnswer).duplicates).toEqual([{ row: 4, message: 'Already exists' }]);

    // all or nothing: refused rows write nothing
    expect((await run('first')).body).toMatchObject({ created: 0, written: false });
    expect(await count()).toBe(0);
    // skipping the refused rows writes the two valid ones, each with its history
    expect((await run('first', { skipRefused: true })).body).toMatchObject({ created: 2, written: true });
    expect(await count()).toBe(2);
    const made = await h.services.store.find('users', { query: { lastName: 'Importa' } }, {});
    expect(made.data.every((u) => u.role === 'passenger' && u.unit === 1)).toBe(true);
    const history = await h.call({
      act: 'find',
      token: admin,
      col: 'history',
      query: { collection: 'users', operation: 'insert', id: { $in: made.data.map((u) => u._id) } },
      count: true,
    });
    expect(history.body.count).toBe(2);
    // the rows written are no longer held
    expect((await run('first')).body).toMatchObject({ error: expect.stringContaining('Nothing to import') });
  });

  it('reports a second upload of the same file as duplicates instead of creating them', async () => {
    await upload([rider(0), rider(1), rider(7)], 'second');
    const again = await run('second', { skipRefused: true });
    expect(again.body).toMatchObject({ total: 3, created: 1, duplicateCount: 2, written: true });
    expect(await count()).toBe(3);
  });

  it('needs the upload permission and the resource’s create, on the caller’s site', async () => {
    const dispatcher = await h.tokenOf('dispatcher');
    expect((await h.call({ act: 'importrows', token: dispatcher, run: 'x', offset: 0, rows: [rider(9)] })).status).toBe(
      403,
    );
    // a chunk is at most 1,000 rows, a run a name of letters and digits
    const big = Array.from({ length: 1001 }, (_, i) => rider(i));
    expect((await h.call({ act: 'importrows', token: admin, run: 'big', offset: 0, rows: big })).status).toBe(400);
    expect((await h.call({ act: 'importrows', token: admin, run: 'a b', offset: 0, rows: [rider(1)] })).status).toBe(
      400,
    );
    // a site must be chosen by an administrator
    await upload([rider(9)], 'nosite');
    expect((await h.call({ act: 'import', token: admin, run: 'nosite', resource: 'passengers' })).status).toBe(400);
  });
});
