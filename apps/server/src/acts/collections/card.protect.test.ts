import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(() => h.close());

const CARD = '4111111111111111';

describe('card blacklist', () => {
  it('never stores the full number: last four digits and a keyed fingerprint, in the record and its history', async () => {
    const r = await h.call({
      act: 'insert',
      col: 'blacklist',
      token: admin,
      data: { number: CARD, unit: 1, reason: 'chargeback' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.last4).toBe('1111');
    expect(r.body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body).not.toHaveProperty('number');
    const db = h.services.db;
    for (const table of ['blacklist', 'history']) {
      const rows = await db.query<{ t: string }>(`SELECT t::text AS t FROM ${table} AS t`);
      expect(
        rows.rows.some((row) => row.t.includes(CARD)),
        table,
      ).toBe(false);
    }
  });

  it('answers "Card already exists" for the same card on the same site, and takes it on another site', async () => {
    const again = await h.call({ act: 'insert', col: 'blacklist', token: admin, data: { number: CARD, unit: 1 } });
    expect(again).toEqual({ status: 400, body: { error: 'Card already exists', field: 'number' } });
    const other = await h.call({ act: 'insert', col: 'blacklist', token: admin, data: { number: CARD, unit: 2 } });
    expect(other.status).toBe(200);
  });
});
