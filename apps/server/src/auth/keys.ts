import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from '../store/db.ts';
import { deleteMeta, getMeta } from '../store/meta.store.ts';

/**
 * The secrets that protect what the database holds, kept apart from it: a dump of the database
 * alone can neither forge a session token nor brute-force a blacklisted card's fingerprint back to
 * its number. Each list is current key first, then older keys still accepted (rotation).
 */
export interface Keys {
  tokenSecrets: string[];
  cardKeys: string[];
}

export interface KeySources {
  /** TOKEN_SECRET and CARD_KEY: comma-separated, current first. Empty: from the key file. */
  tokenSecrets: string[];
  cardKeys: string[];
  /** KEYS_FILE: made on first start (mode 0600) when a key is not given by the environment. */
  keysFile: string;
}

/** Where versions before this one kept the keys: moved into the key file, then removed. */
const LEGACY = { tokenSecrets: 'token_secret', cardKeys: 'card_key' } as const;

const fresh = () => randomBytes(32).toString('base64url');

function readKeyFile(path: string): Keys | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<Keys>;
  const list = (v: unknown, name: string) => {
    if (!Array.isArray(v) || v.length === 0 || !v.every((k) => typeof k === 'string' && k.length >= 16))
      throw new Error(`${path}: ${name} must be a list of keys of at least 16 characters, current first`);
    return v as string[];
  };
  return { tokenSecrets: list(parsed.tokenSecrets, 'tokenSecrets'), cardKeys: list(parsed.cardKeys, 'cardKeys') };
}

/** Written whole to a temporary file then renamed: a crash never leaves half a key file. */
function writeKeyFile(path: string, keys: Keys): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/**
 * The keys: from the environment where given, else from the key file (made at first start).
 * Keys an older version kept in the database are moved into the key file as older keys (the
 * current ones when the file is new), so tokens and fingerprints made with them still verify.
 */
export async function loadKeys(db: Database, sources: KeySources): Promise<Keys> {
  const legacy = {
    tokenSecrets: await getMeta(db, LEGACY.tokenSecrets),
    cardKeys: await getMeta(db, LEGACY.cardKeys),
  };
  const needFile =
    sources.tokenSecrets.length === 0 ||
    sources.cardKeys.length === 0 ||
    legacy.tokenSecrets !== undefined ||
    legacy.cardKeys !== undefined;
  let file = readKeyFile(sources.keysFile);
  if (needFile) {
    const before = JSON.stringify(file);
    const merged: Keys = {
      tokenSecrets: file?.tokenSecrets ?? [],
      cardKeys: file?.cardKeys ?? [],
    };
    for (const kind of ['tokenSecrets', 'cardKeys'] as const) {
      const old = legacy[kind];
      if (old !== undefined && !merged[kind].includes(old)) merged[kind].push(old);
      if (merged[kind].length === 0) merged[kind].push(fresh());
    }
    if (JSON.stringify(merged) !== before) writeKeyFile(sources.keysFile, merged);
    file = merged;
    await deleteMeta(db, Object.values(LEGACY));
  }
  return {
    tokenSecrets: sources.tokenSecrets.length > 0 ? sources.tokenSecrets : (file?.tokenSecrets ?? []),
    cardKeys: sources.cardKeys.length > 0 ? sources.cardKeys : (file?.cardKeys ?? []),
  };
}
