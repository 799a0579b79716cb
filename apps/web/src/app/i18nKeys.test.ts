import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { flatten, resources } from '@tc/i18n';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('i18n keys in the code', () => {
  it('exist in en.json (a typo would show the raw key)', () => {
    const en = flatten(resources.en);
    const plural = (key: string) => key in en || `${key}_one` in en;
    // Tests run from the repository root (or from apps/web).
    const root = [join(process.cwd(), 'apps/web/src'), join(process.cwd(), 'src')].find((dir) => existsSync(dir)) ?? '';
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\('([a-zA-Z][\w.-]*)'/g)) {
        const key = match[1] as string;
        if (!plural(key)) missing.push(`${file.slice(root.length)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
