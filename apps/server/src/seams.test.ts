import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The seams of docs/protocol.md, held by reading the source: a file that steps over one fails here. */

const ROOT = new URL('.', import.meta.url).pathname;

function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

const SQL_CALL = /\.query\s*(<|\()/;
const SQL_TEXT = /['"`]\s*(SELECT|INSERT INTO|UPDATE\s+\S+\s+SET|DELETE FROM|CREATE TABLE|ALTER TABLE)\b/;

/** What deciding access looks like: comparing sites, testing permissions, refusing by hand. */
const ACCESS_CHECK = /scope\.unit|\bp\.unit\b|\bcan\(|\binScope\(|new Forbidden\(|requireAccess\(/;

describe('seams', () => {
  it('decides access only in access/ (and the protocol that calls it): acts and the live hub ask it', () => {
    const deciders = sources().filter((f) => f.startsWith('acts/') || f.startsWith('live/') || f.startsWith('mail/'));
    expect(deciders.length).toBeGreaterThan(10);
    const offenders = deciders.filter((f) => ACCESS_CHECK.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('writes SQL only in the store (store/; test/ builds fixtures)', () => {
    const outside = sources().filter((f) => !f.startsWith('store/') && !f.startsWith('test/'));
    expect(outside.length).toBeGreaterThan(20);
    const offenders = outside.filter((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return SQL_CALL.test(text) || SQL_TEXT.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
