import { MODULE_KEYS, MODULES, type ModuleKey } from './modules.ts';

/** Role codes of spec section 6. parent, student and employee are not given codes by the spec; ours follow on. */
export const ROLES = {
  superadmin: 10,
  admin: 20,
  supplier: 30,
  dispatchadmin: 40,
  dispatcher: 50,
  superagent: 60,
  agent: 70,
  accountingadmin: 80,
  accountant: 90,
  driver: 110,
  passenger: 120,
  parent: 130,
  student: 140,
  employee: 150,
} as const;

export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];
/** Roles that staff log into the console with (the others are people the console manages). */
export const STAFF_ROLES: RoleName[] = [
  'superadmin',
  'admin',
  'supplier',
  'dispatchadmin',
  'dispatcher',
  'superagent',
  'agent',
  'accountingadmin',
  'accountant',
];

export const ROLE_LABELS: Record<RoleName, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  supplier: 'Supplier',
  dispatchadmin: 'Dispatch Admin',
  dispatcher: 'Dispatcher',
  superagent: 'Super Agent',
  agent: 'Agent',
  accountingadmin: 'Accounting Admin',
  accountant: 'Accountant',
  driver: 'Driver',
  passenger: 'Passenger',
  parent: 'Parent',
  student: 'Student',
  employee: 'Employee',
};

/** Accepts the spec's spelling "accountent" as an alias of accountant. */
export function normaliseRole(role: string): RoleName | undefined {
  const r = role === 'accountent' ? 'accountant' : role;
  return (ROLE_NAMES as string[]).includes(r) ? (r as RoleName) : undefined;
}

/** Superadmin and admin may work on any site; everyone below is held to their own. */
export function isSiteFree(role: string): boolean {
  return role === 'superadmin' || role === 'admin';
}

type Grant = Partial<Record<ModuleKey, readonly string[] | 'all'>>;

const all = 'all' as const;

/**
 * Default grants of the demo roles. The spec does not say which role holds which permission
 * (section 6); these are our documented defaults (docs/permissions.md) and can be changed on the
 * permissions screen.
 */
export const DEFAULT_GRANTS: Record<RoleName, Grant> = {
  superadmin: Object.fromEntries(MODULE_KEYS.map((k) => [k, all])),
  admin: Object.fromEntries(MODULE_KEYS.map((k) => [k, all])),
  supplier: {
    dashboard: all,
    timeline: all,
    jobs: ['view'],
    trips: ['view', 'addNote', 'sendMessage'],
    drivers: all,
    activeDrivers: all,
    vehicles: all,
    driversShifts: all,
    liveMap: all,
  },
  dispatchadmin: {
    dashboard: all,
    timeline: all,
    jobs: all,
    trips: all,
    drivers: all,
    activeDrivers: all,
    passengers: all,
    vehicles: all,
    liveMap: all,
    driversShifts: all,
    shifts: all,
    shuttles: all,
    reports: all,
    analytics: all,
    history: all,
    services: ['view'],
    locations: all,
    areasZonePricing: ['view'],
    areasRoutingZone: all,
    suppliers: ['view'],
    profiles: ['view'],
    settings: all,
    parameters: ['view'],
    driverAssignment: all,
    driversScheduler: all,
    holdingList: all,
    messages: all,
    parents: all,
  },
  dispatcher: {
    dashboard: all,
    timeline: all,
    jobs: ['view', 'create', 'edit', 'addNotes', 'cancel', 'route', 'createQuick'],
    trips: all,
    drivers: ['view', 'addNotes', 'changeStatus'],
    activeDrivers: all,
    passengers: ['view', 'addNotes'],
    vehicles: ['view'],
    liveMap: all,
    driversShifts: ['view'],
    holdingList: ['view'],
    messages: all,
  },
  // the timeline shows drivers and trips, which the booking desk does not see: not theirs
  superagent: {
    dashboard: all,
    jobs: ['view', 'create', 'edit', 'changeProfile', 'addNotes', 'cancel', 'export', 'createQuick'],
    passengers: all,
    parents: all,
    profiles: ['view'],
    history: ['view'],
  },
  agent: {
    jobs: ['view', 'create', 'edit', 'addNotes', 'createQuick'],
    passengers: ['view', 'create', 'edit', 'addNotes'],
  },
  accountingadmin: {
    dashboard: all,
    jobs: ['view', 'export'],
    accounting: all,
    reports: all,
    analytics: all,
    rates: all,
    rateTypes: all,
    fares: all,
    extraServices: all,
    profiles: all,
    history: all,
    blacklist: all,
  },
  accountant: {
    dashboard: all,
    jobs: ['view'],
    accounting: ['view'],
    reports: all,
    rates: ['view'],
    profiles: ['view'],
  },
  driver: {},
  passenger: {},
  parent: {},
  student: {},
  employee: {},
};

/** A permission entry of a role record (spec section 3, Role record). */
export interface PermissionEntry {
  moduleCode: string;
  moduleName: string;
  action: string;
  access: 'fullAccess';
}

export function expandGrant(grant: Grant): PermissionEntry[] {
  const out: PermissionEntry[] = [];
  for (const key of MODULE_KEYS) {
    const g = grant[key];
    if (!g) continue;
    const actions = g === 'all' ? MODULES[key].actions : g;
    for (const action of actions) {
      out.push({ moduleCode: MODULES[key].code, moduleName: MODULES[key].name, action, access: 'fullAccess' });
    }
  }
  return out;
}

/** Every permission there is: what a superadmin receives. */
export function allPermissions(): PermissionEntry[] {
  return expandGrant(DEFAULT_GRANTS.superadmin);
}
