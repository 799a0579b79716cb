import { writableFields, writeDefFor } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { generateDemo } from './generate.ts';

/**
 * Fields the store keeps on every record, and fields only the server's own acts write: a user's
 * language (their own choice), a parent's registration, a blocked card's last 4 digits, a rider's
 * first and last reservation, a driver's login's drivers record (the drivers screen's sign-in password sets it).
 */
const SERVER_FIELDS = new Set([
  '_id',
  '_version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'language',
  'registerWith',
  'registerDate',
  'last4',
  'firstReservation',
  'lastReservation',
  'driver',
  // a rider's pick-up and drop-off times, which trip actions record
  'pickedAt',
  'droppedAt',
]);

describe('the demo operator', () => {
  it('holds only records its screens accept: each validates against its write schema and carries only its fields', () => {
    const demo = generateDemo({ jobs: 200 });
    const docs = Object.entries(demo.collections).flatMap(([col, list]) => list.map((doc) => [col, doc] as const));
    for (const batch of demo.jobBatches(100)) docs.push(...batch.map((doc) => ['jobs', doc] as const));
    const failures = new Set<string>();
    for (const [col, doc] of docs) {
      const def = writeDefFor(col, doc);
      if (!def) continue;
      const r = def.schema.safeParse(doc);
      if (!r.success) {
        const issue = r.error.issues[0];
        failures.add(`${col} (${def.entity}): ${issue?.path.join('.')} ${issue?.message}`);
      }
      const known = writableFields(def);
      for (const k of Object.keys(doc))
        if (!known.has(k) && !SERVER_FIELDS.has(k)) failures.add(`${col} (${def.entity}): ${k}`);
    }
    expect([...failures]).toEqual([]);
  });
});
