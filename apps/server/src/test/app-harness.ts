import { ERROR_TEXTS, isErrorCode, STAFF_ROLES, validationText } from '@tc/domain';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import { hashPassword } from '../auth/password.hash.ts';
import type { Config } from '../config.ts';
import type { Services } from '../protocol/act.ts';
import { setOwner, setPasswords } from '../store/auth.store.ts';
import { ensureCatalog } from '../store/catalog.ts';
import { testConfig } from './config.ts';
import { freshDatabase } from './fresh-db.ts';

export const PASSWORD = 'Fixture1!';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** The error answer's code (not enumerable). */
  readonly code?: string;
}

/** Every error answer carries a catalogue code; a code of a catalogue text comes with that text. */
function checkedCode(status: number, body: Record<string, unknown>): string | undefined {
  if (status < 400 || typeof body.error !== 'string') return undefined;
  const { code } = body;
  if (!isErrorCode(code)) throw new Error(`error answer without a catalogue code: ${JSON.stringify(body)}`);
  const text = code.startsWith('validation.') ? validationText(code) : ERROR_TEXTS[code as keyof typeof ERROR_TEXTS];
  if (text !== undefined && text !== body.error) {
    throw new Error(`code ${code} answered with another text: ${JSON.stringify(body)}`);
  }
  return code;
}

export interface Harness {
  app: FastifyInstance;
  services: Services;
  /** The PostgreSQL database's address when the suite runs on one (TEST_DATABASE_URL), for a second server on it. */
  url?: string;
  /**
   * One protocol call, from `ip` (default 127.0.0.1). An error answer's `code` is checked against
   * the catalogue on every call (a known code, agreeing with the text) and given apart, as the
   * answer's non-enumerable `code`: assertions on `body` read the spec's text.
   */
  call(body: Record<string, unknown>, ip?: string, headers?: Record<string, string>): Promise<Answer>;
  /** Logs in `<role>@test.local` (site 1) or `<role>2@test.local` (site 2) and returns the token. */
  tokenOf(role: string, site?: 1 | 2): Promise<string>;
  close(): Promise<void>;
}

/**
 * The records written records refer to: on each site `s` (1, 2) the profile, location, area,
 * supplier, attribute and driver whose id is `s`, and the service 1 of all sites.
 */
async function insertReferences(store: Services['store'], actor: { id: null; name: string }): Promise<void> {
  await store.insert('services', { name: 'Sedan', maxPassengers: 4 }, actor);
  for (const unit of [1, 2]) {
    await store.insert('profiles', { unit, name: `Profile ${unit}`, status: 'active' }, actor);
    await store.insert('locations', { unit, name: `Terminal ${unit}`, address: 'Test', lat: 45.5, lon: -73.56 }, actor);
    await store.insert('areas', { unit, name: `Zone ${unit}`, type: 'zone-pricing' }, actor);
    await store.insert('suppliers', { unit, name: `Supplier ${unit}`, status: 'active' }, actor);
    await store.insert('attributes', { unit, name: `Attribute ${unit}` }, actor);
    await store.insert('drivers', { unit, firstName: 'Fixture', lastName: `Driver${unit}` }, actor);
  }
}

/**
 * A server on a fresh database with two sites, the records of `insertReferences` and one login per staff role on each
 * (`<role>@test.local` on site 1, `<role>2@test.local` on site 2), all with PASSWORD; the supplier
 * users work for the supplier of their site.
 */
export async function startHarness(
  options: { config?: Partial<Config>; app?: Partial<AppOptions> } = {},
): Promise<Harness> {
  const { db, drop, url } = await freshDatabase();
  const config = testConfig(options.config);
  const { app, services } = await buildApp({ db, config, ...options.app });
  const { store } = services;
  await ensureCatalog(store);
  const system = { id: null, name: 'fixtures' };
  await store.insert('units', { name: 'Montreal', type: 'Default' }, system);
  await store.insert('units', { name: 'Laval Schools', type: 'School' }, system);
  await insertReferences(store, system);
  const ids: number[] = [];
  for (const site of [1, 2] as const) {
    for (const role of STAFF_ROLES) {
      const u = await store.insert(
        'users',
        {
          email: `${role}${site === 2 ? '2' : ''}@test.local`,
          firstName: role,
          lastName: `Site${site}`,
          phone: '514-555-0100',
          role,
          unit: site,
          status: 'active',
          // the supplier role works for the site's supplier (whose id is the site's)
          ...(role === 'supplier' ? { supplier: site } : {}),
        },
        system,
      );
      ids.push(u._id);
    }
  }
  await setPasswords(db, ids, await hashPassword(PASSWORD));
  await setOwner(db, ids[0] as number);
  const tokens = new Map<string, string>();
  const call = async (body: Record<string, unknown>, ip = '127.0.0.1', headers: Record<string, string> = {}) => {
    const r = await app.inject({ method: 'POST', url: '/', payload: body, remoteAddress: ip, headers });
    const answer = r.json() as Record<string, unknown>;
    const code = checkedCode(r.statusCode, answer);
    const result = { status: r.statusCode, body: answer };
    if (code !== undefined) {
      const { code: _, ...text } = answer;
      result.body = text;
    }
    Object.defineProperty(result, 'code', { value: code, enumerable: false });
    return result as Answer;
  };
  return {
    app,
    services,
    url,
    call,
    tokenOf: async (role, site = 1) => {
      const email = `${role}${site === 2 ? '2' : ''}@test.local`;
      const cached = tokens.get(email);
      if (cached) return cached;
      const r = await call({ act: 'login', email, password: PASSWORD });
      if (r.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(r.body)}`);
      tokens.set(email, r.body.token as string);
      return r.body.token as string;
    },
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
