import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFingerprint, protectCard } from '../acts/collections/card.protect.ts';
import type { Database } from '../store/db.ts';
import { getMeta, setMeta } from '../store/meta.store.ts';
import { type Harness, startHarness } from '../test/app-harness.ts';
import { freshDatabase } from '../test/fresh-db.ts';
import { loadKeys } from './keys.ts';
import { TokenService } from './token.ts';

describe('keys are kept apart from the database they protect', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(() => drop());
  const dir = mkdtempSync(join(tmpdir(), 'tc-keys-'));

  it('makes a key file of its own (mode 0600) at first start and reads the same keys after', async () => {
    const keysFile = join(dir, 'first', 'keys.json');
    const keys = await loadKeys(db, { tokenSecrets: [], cardKeys: [], keysFile });
    expect(keys.tokenSecrets).toHaveLength(1);
    expect(keys.cardKeys).toHaveLength(1);
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    expect(await loadKeys(db, { tokenSecrets: [], cardKeys: [], keysFile })).toEqual(keys);
    // nothing in the database
    expect(await getMeta(db, 'token_secret')).toBeUndefined();
    expect(await getMeta(db, 'card_key')).toBeUndefined();
  });

  it('moves keys an older version kept in the database into the key file', async () => {
    await setMeta(db, 'token_secret', 'legacy-token-secret-0123456789');
    await setMeta(db, 'card_key', 'legacy-card-key-0123456789');
    const keysFile = join(dir, 'moved.json');
    const keys = await loadKeys(db, { tokenSecrets: [], cardKeys: [], keysFile });
    expect(keys).toEqual({
      tokenSecrets: ['legacy-token-secret-0123456789'],
      cardKeys: ['legacy-card-key-0123456789'],
    });
    expect(JSON.parse(readFileSync(keysFile, 'utf8'))).toEqual(keys);
    expect(await getMeta(db, 'token_secret')).toBeUndefined();
    expect(await getMeta(db, 'card_key')).toBeUndefined();
  });

  it('takes the environment’s keys over the file, and needs no file when both are given', async () => {
    const keysFile = join(dir, 'never.json');
    const keys = await loadKeys(db, { tokenSecrets: ['env-secret-a'], cardKeys: ['env-card-a'], keysFile });
    expect(keys).toEqual({ tokenSecrets: ['env-secret-a'], cardKeys: ['env-card-a'] });
    expect(() => statSync(keysFile)).toThrow();
  });
});

describe('rotation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('verifies tokens of an older secret while it is listed, and refuses them once it is dropped', async () => {
    const old = new TokenService(['old-secret-0123456789'], 60);
    const token = await old.sign({ userId: 1, sessionId: 's' });
    const rotated = new TokenService(['new-secret-0123456789', 'old-secret-0123456789'], 60);
    expect(await rotated.verify(token)).toEqual({ userId: 1, sessionId: 's' });
    expect(await rotated.sign({ userId: 1, sessionId: 's' })).not.toBe(token);
    await expect(new TokenService(['new-secret-0123456789'], 60).verify(token)).rejects.toThrow('bad token');
  });

  it('recognises a card blacklisted under an older card key, and fingerprints new ones with the current key', async () => {
    const admin = await h.tokenOf('admin');
    const card = '4111111111111111';
    const r = await h.call({ act: 'insert', col: 'blacklist', token: admin, data: { unit: 1, number: card } });
    expect(r.status).toBe(200);
    const [harnessKey] = h.services.keys.cardKeys as [string];
    expect(r.body.fingerprint).toBe(cardFingerprint(harnessKey, card));
    const { store } = h.services;
    const protect = (keys: string[]) => protectCard(store, keys, { number: card }, 1, undefined, store.db);
    await expect(protect(['newer-card-key-0123', harnessKey])).rejects.toThrow('Card already exists');
    expect(await protect(['newer-card-key-0123'])).toMatchObject({
      fingerprint: cardFingerprint('newer-card-key-0123', card),
    });
  });
});
