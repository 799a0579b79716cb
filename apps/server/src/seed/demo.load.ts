import { STAFF_ROLES } from '@tc/domain';
import { hashPassword } from '../auth/password.hash.ts';
import { setOwner, setPasswords } from '../store/auth.store.ts';
import type { CollectionStore } from '../store/collection.store.ts';
import { seedPositions } from '../store/positions.store.ts';
import { type DemoOptions, generateDemo, SCHOOL_ADMIN_EMAIL } from './generate.ts';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_LOGIN_ROLES = [...STAFF_ROLES, 'driver', 'passenger'] as const;
const SEED_ACTOR = { id: null, name: 'demo data' };

export interface LoadOptions extends DemoOptions {
  /** Record one history entry per loaded record (off for the million-row benchmark). */
  history?: boolean;
  onProgress?: (loaded: number, total: number) => void;
}

/** Loads the demo operator into an empty database and gives the demo logins their password. */
export async function loadDemo(store: CollectionStore, options: LoadOptions = {}): Promise<{ logins: string[] }> {
  const demo = generateDemo(options);
  const history = options.history ?? true;
  for (const [col, docs] of Object.entries(demo.collections)) await store.bulkLoad(col, docs, SEED_ACTOR, history);
  let loaded = 0;
  for (const batch of demo.jobBatches(5000)) {
    await store.bulkLoad('jobs', batch, SEED_ACTOR, history);
    loaded += batch.length;
    options.onProgress?.(loaded, demo.jobCount);
  }
  const users = demo.collections.users ?? [];
  const logins = users.filter(
    (u) =>
      typeof u.email === 'string' &&
      (u.email === SCHOOL_ADMIN_EMAIL ||
        DEMO_LOGIN_ROLES.some((r) => u.email === `${r}@demo.local`) ||
        // the site's drivers' own logins (the driver app, `npm run simulate`)
        (u.role === 'driver' && typeof u.driver === 'number')),
  );
  await setPasswords(
    store.db,
    logins.map((u) => u._id),
    await hashPassword(DEMO_PASSWORD),
  );
  const owner = users.find((u) => u.email === 'superadmin@demo.local');
  if (owner) await setOwner(store.db, owner._id);
  // the drivers at work stand at their start address on the live map until they move
  const working = new Set(['online', 'en_route', 'break']);
  await seedPositions(
    store.db,
    (demo.collections.drivers ?? []).flatMap((d) => {
      const at = d.startAddress as { lat?: unknown; lon?: unknown } | undefined;
      return working.has(String(d.driverStatus)) &&
        !d.suspended &&
        typeof at?.lat === 'number' &&
        typeof at.lon === 'number'
        ? [{ driver: d._id, unit: d.unit as number, lat: at.lat, lon: at.lon }]
        : [];
    }),
  );
  return { logins: logins.map((u) => String(u.email)) };
}
