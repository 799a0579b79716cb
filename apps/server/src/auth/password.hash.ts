import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against the stored hash, or against a throwaway hash when there is none, so
 * an unknown email takes as long to refuse as a wrong password (no probing of addresses by time).
 */
export async function verifyOrDummy(stored: string | null | undefined, password: string): Promise<boolean> {
  if (stored) return verifyPassword(stored, password);
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}
