import {
  ACT_CATALOGUE,
  COLLECTIONS,
  can,
  DEFAULT_GRANTS,
  expandGrant,
  FORBIDDEN_MESSAGE,
  hasAction,
  MODULE_KEYS,
  type ModuleKey,
  STAFF_ROLES,
} from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/app-harness.ts';
import { ACTS } from './acts.ts';

describe('the act table', () => {
  it('declares a permission on every act, naming real modules and actions', () => {
    for (const [name, act] of Object.entries(ACTS)) {
      expect(act.permission, name).toBeDefined();
      const p = act.permission;
      if (p.kind === 'module') expect(hasAction(p.module, p.action), `${name}: ${p.module}.${p.action}`).toBe(true);
      if (p.kind === 'delegated') for (const inner of p.acts) expect(ACTS[inner], `${name} -> ${inner}`).toBeDefined();
    }
  });

  it('answers exactly the acts of the catalogue the console calls', () => {
    expect(Object.keys(ACTS).sort()).toEqual(Object.keys(ACT_CATALOGUE).sort());
  });

  it('keeps public only the acts a guest needs', () => {
    const publicActs = Object.entries(ACTS)
      .filter(([, a]) => a.permission.kind === 'public')
      .map(([n]) => n)
      .sort();
    expect(publicActs).toEqual(['login', 'passwordsendresettoken', 'resetpassword', 'systeminfo']);
  });
});

/** A call that needs `view` of each module that guards something on the server. */
function probe(module: ModuleKey): Record<string, unknown> | undefined {
  if (module === 'users') return { act: 'find', col: 'users', query: { role: 'agent' } };
  if (module === 'passengers') return { act: 'find', col: 'users', query: { role: 'passenger' } };
  if (module === 'parents') return { act: 'find', col: 'users', query: { role: 'parent' } };
  if (module === 'history') return { act: 'find', col: 'history' };
  const col = [...COLLECTIONS.values()].find((c) => c.module === module && c.name !== 'roles' && c.name !== 'modules');
  return col ? { act: 'find', col: col.name } : undefined;
}

/** Modules with no server act yet: their screens come in later issues. Adding an act means adding its probe. */
const NO_ACT_YET: ModuleKey[] = MODULE_KEYS.filter((m) => probe(m) === undefined);

describe('every role against a representative act of every module', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('lists the modules that guard nothing on the server yet (screens of later issues, add-ons)', () => {
    expect(NO_ACT_YET).toEqual([
      'dashboard',
      'timeline',
      'activeDrivers',
      'reports',
      'analytics',
      'areasRoutingZone',
      'uploadData',
      'settings',
      'multiLanguage',
      'driversScheduler',
      'emailNotifications',
      'smsNotifications',
      'pushNotifications',
      'clearCity',
      'holdingList',
      'aiAssistant',
      'bidding',
      'routeOptimisation',
      'driverApp',
      'passengerApp',
      'passengerShuttlesWebApp',
      'passengersWebPortal',
      'routingScheduler',
      'predictiveEta',
      'predictiveEtaNotifications',
      'whiteLabel',
      'apiAccess',
      'testPageAccess',
    ]);
  });

  it.each(STAFF_ROLES)('%s', async (role) => {
    const token = await h.tokenOf(role);
    const granted = role === 'superadmin' ? null : expandGrant(DEFAULT_GRANTS[role]);
    for (const module of MODULE_KEYS) {
      const body = probe(module);
      if (!body) continue;
      const allowed = granted === null || can(granted, module, 'view');
      const r = await h.call({ ...body, token });
      if (allowed) expect(r.status, `${role} ${module}`).toBe(200);
      else expect(r, `${role} ${module}`).toEqual({ status: 403, body: { error: FORBIDDEN_MESSAGE } });
    }
  });
});
