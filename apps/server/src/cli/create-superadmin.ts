import { createInterface } from 'node:readline/promises';
import { newPasswordRule, validationText } from '@tc/domain';
import { hashPassword } from '../auth/password.hash.ts';
import { readConfig } from '../config.ts';
import { setOwner, setPasswords } from '../store/auth.store.ts';
import { ensureCatalog } from '../store/catalog.ts';
import { CollectionStore } from '../store/collection.store.ts';
import { lockDataDir } from '../store/dataDirLock.ts';
import { openPglite, openPostgres } from '../store/db.ts';
import { migrate } from '../store/migrate.ts';

/**
 * npm run create-superadmin -- <email> [first name] [last name]
 * Creates the first superadmin (the owner account) on a database without users. The password is
 * read from SUPERADMIN_PASSWORD or asked for; the first site (SITE_NAME) is created with it.
 */
async function main(): Promise<void> {
  const [email, firstName = 'Super', lastName = 'Admin'] = process.argv.slice(2);
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new Error('Usage: npm run create-superadmin -- <email> [first name] [last name]');
  let password = process.env.SUPERADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question('Password: ');
    rl.close();
  }
  const checked = newPasswordRule().safeParse(password);
  if (!checked.success) throw new Error(validationText(checked.error.issues[0]?.message ?? ''));
  const config = readConfig();
  // the embedded database is one process's at a time: a running server refuses this, as it would a second server
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    const store = new CollectionStore(db);
    await ensureCatalog(store);
    if ((await store.count('users', {})) > 0)
      throw new Error('This database already has users: log in as its superadmin.');
    const actor = { id: null, name: 'create-superadmin' };
    // Every user belongs to a site: the first one is created with the first account.
    const site =
      (await store.find('units', { limit: 1 })).data[0] ??
      (await store.insert('units', { name: process.env.SITE_NAME ?? 'Main site', type: 'Default' }, actor));
    const user = await store.insert(
      'users',
      { email, firstName, lastName, role: 'superadmin', status: 'active', language: 'en', unit: site._id },
      actor,
    );
    await setPasswords(db, [user._id], await hashPassword(password));
    await setOwner(db, user._id);
    console.log(`Superadmin ${email} created.`);
  } finally {
    await db.close();
    await release?.();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
