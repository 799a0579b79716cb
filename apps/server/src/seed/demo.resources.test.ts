import { resourceForRecord } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { generateDemo } from './generate.ts';

describe('the demo operator', () => {
  it('holds only records its screens accept: each validates against its resource schema', () => {
    const demo = generateDemo({ jobs: 10 });
    const failures: string[] = [];
    for (const [col, docs] of Object.entries(demo.collections)) {
      for (const doc of docs) {
        const def = resourceForRecord(col, doc);
        const r = def?.schema.safeParse(doc);
        if (r && !r.success) {
          const issue = r.error.issues[0];
          failures.push(`${col} #${String(doc._id)} (${def?.key}): ${issue?.path.join('.')} ${issue?.message}`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
