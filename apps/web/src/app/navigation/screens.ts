import { type ModuleKey, resourceByKey } from '@tc/domain';

/** A wording family of the system template (spec section 1). */
export type Wording = 'reservations' | 'vehicles' | 'shifts' | 'recipient' | 'trips';

/** A sub-route of a screen guarded by its own action (create, edit/:id, quick, ...). */
export interface SubRoute {
  path: string;
  action: string;
  /** Module whose action the sub-route needs, when not the screen's (system settings are written under parameters). */
  module?: ModuleKey;
  /** Template screen key (TEMPLATE_SCREENS of the domain) the sub-route needs. */
  screen?: string;
  /** i18n key under `pages.` naming what the sub-route does. */
  page: string;
  /** The list (or the placeholder of the list) links to it: other ways to book, report sub-pages. */
  link?: boolean;
}

/** The report sub-pages of spec section 2. */
export const REPORTS = [
  'shuttle-reports',
  'bill-reports',
  'holiday-reports',
  'holidaytariff-reports',
  'drivers-reports',
  'vehicles-reports',
  'trips-pax-reports',
  'unique-drivers-report',
] as const;

/** One screen of spec section 2: its path, guard, template availability, wording and sub-routes. */
export interface ScreenDef {
  key: string;
  path: string;
  /** Module whose view the route and its menu entry need; null: no permission. */
  module: ModuleKey | null;
  /** Action the list route needs (view unless said). */
  action?: string;
  /** The route has no guard (spec section 2); the menu entry still needs `module`. */
  unguarded?: boolean;
  /** Only the owner account (permissions screen). */
  ownerOnly?: boolean;
  screen?: string;
  wording?: Wording;
  subRoutes?: SubRoute[];
  /** Screen implemented by a feature instead of the placeholder. */
  feature?:
    | 'permissions'
    | 'outbox'
    | 'help'
    | 'dashboard'
    | 'agentHome'
    | 'history'
    | 'reports'
    | 'analytics'
    | 'import'
    | 'onlineDrivers'
    | 'timeline'
    | 'liveMap'
    | 'roadBlocks';
}

const create: SubRoute = { path: 'create', action: 'create', page: 'create' };
const edit: SubRoute = { path: 'edit/:id', action: 'edit', page: 'edit' };
const crud = [create, edit];

/**
 * The screen of a resource: its key, path and module are the resource's (`@tc/domain` resources),
 * written there once; `rest` adds the route's own (sub-routes, wording) and overrides the module
 * only where the spec guards the screen by another (the settings menu's entries).
 */
function resourceScreen(key: string, rest: Omit<Partial<ScreenDef>, 'key'>): ScreenDef {
  const resource = resourceByKey(key);
  if (!resource) throw new Error(`no resource ${key}`);
  return { key, path: `/${key}`, module: resource.module, ...rest };
}

export const SCREENS: Record<string, ScreenDef> = {
  home: { key: 'home', path: '/', module: 'dashboard', feature: 'dashboard' },
  agent: { key: 'agent', path: '/agent', module: 'jobs', feature: 'agentHome' },
  timeline: { key: 'timeline', path: '/timeline', module: 'timeline', feature: 'timeline' },
  jobs: {
    key: 'jobs',
    path: '/jobs',
    module: 'jobs',
    wording: 'reservations',
    subRoutes: [
      create,
      { path: 'quick', action: 'createQuick', page: 'quick', link: true },
      { path: 'setShifts', action: 'setShifts', page: 'setShifts', link: true },
      { path: 'setSchoolShifts', action: 'setSchoolShifts', screen: 'setSchoolShifts', page: 'setShifts', link: true },
      { path: 'setWorkShifts', action: 'setShifts', screen: 'setWorkShifts', page: 'setShifts', link: true },
      { path: 'shuttle', action: 'create', page: 'shuttle', link: true },
      edit,
    ],
  },
  trips: {
    key: 'trips',
    path: '/trips',
    module: 'trips',
    wording: 'trips',
    subRoutes: [
      // routing is the reservations module's action (spec section 6: reservations route)
      { path: 'route', action: 'route', module: 'jobs', page: 'route', link: true },
      { path: ':id', action: 'view', page: 'detail' },
    ],
  },
  // the routing scheduler (add-on 550): kept by those who route, like Route a day
  routingSchedules: resourceScreen('routingSchedules', {
    action: 'route',
    subRoutes: [
      { ...create, action: 'route' },
      { ...edit, action: 'route' },
      { path: 'runs', action: 'route', page: 'runs', link: true },
    ],
  }),
  drivers: resourceScreen('drivers', { subRoutes: crud }),
  onlinedrivers: { key: 'onlinedrivers', path: '/onlinedrivers', module: 'activeDrivers', feature: 'onlineDrivers' },
  shuttles: resourceScreen('shuttles', {
    subRoutes: [create, edit, { path: 'duplicate/:id', action: 'create', page: 'duplicate' }],
  }),
  passengers: resourceScreen('passengers', { wording: 'recipient', subRoutes: crud }),
  parents: resourceScreen('parents', { unguarded: true, screen: 'parents', subRoutes: crud }),
  students: resourceScreen('students', { screen: 'students', subRoutes: crud }),
  employees: resourceScreen('employees', { screen: 'employees', subRoutes: crud }),
  vehicles: resourceScreen('vehicles', { wording: 'vehicles', subRoutes: crud }),
  livemap: { key: 'livemap', path: '/livemap', module: 'liveMap', feature: 'liveMap' },
  roadBlocks: { key: 'roadBlocks', path: '/roadBlocks', module: 'liveMap', feature: 'roadBlocks' },
  driverShifts: resourceScreen('driverShifts', {
    subRoutes: [create, { path: 'multi', action: 'create', page: 'multi' }, edit],
  }),
  analytics: { key: 'analytics', path: '/analytics', module: 'analytics', feature: 'analytics' },
  reports: {
    key: 'reports',
    path: '/reports',
    module: 'reports',
    feature: 'reports',
    subRoutes: REPORTS.map((report) => ({ path: report, action: 'view', page: `reports.${report}`, link: true })),
  },
  help: { key: 'help', path: '/help', module: null, feature: 'help' },
  // Settings menu.
  sites: resourceScreen('sites', { unguarded: true, subRoutes: crud }),
  systemsettings: resourceScreen('systemsettings', {
    module: 'settings',
    subRoutes: [
      { ...create, module: 'parameters' },
      { ...edit, module: 'parameters' },
    ],
  }),
  blacklist: resourceScreen('blacklist', { subRoutes: crud }),
  services: resourceScreen('services', { subRoutes: crud }),
  locations: resourceScreen('locations', { subRoutes: crud }),
  areas: resourceScreen('areas', { subRoutes: crud }),
  rates: resourceScreen('rates', { subRoutes: crud }),
  fares: resourceScreen('fares', {
    subRoutes: [
      { ...create, screen: 'faresEdit' },
      { ...edit, screen: 'faresEdit' },
    ],
  }),
  ratetypes: resourceScreen('ratetypes', { subRoutes: crud }),
  extraservices: resourceScreen('extraservices', { subRoutes: crud }),
  suppliers: resourceScreen('suppliers', { subRoutes: crud }),
  // The users edit route needs only view permission (spec section 2).
  users: resourceScreen('users', { subRoutes: [create, { ...edit, action: 'view' }] }),
  profiles: resourceScreen('profiles', { subRoutes: crud }),
  history: { key: 'history', path: '/history', module: 'history', feature: 'history' },
  shifts: resourceScreen('shifts', { wording: 'shifts', subRoutes: crud }),
  import: { key: 'import', path: '/import', module: 'uploadData', action: 'upload', feature: 'import' },
  permissions: { key: 'permissions', path: '/permissions', module: null, ownerOnly: true, feature: 'permissions' },
  attributes: resourceScreen('attributes', { unguarded: true, subRoutes: crud }),
  holidays: resourceScreen('holidays', { module: 'settings', unguarded: true, subRoutes: crud }),
  assignPriority: resourceScreen('assignPriority', {
    path: '/assign-priority',
    module: 'settings',
    unguarded: true,
    subRoutes: crud,
  }),
  outbox: { key: 'outbox', path: '/outbox', module: 'messages', feature: 'outbox' },
};

/** Main menu of spec section 2, in its order; `settings` stands for the settings sub-menu. */
export const MAIN_MENU = [
  'home',
  'agent',
  'timeline',
  'jobs',
  'trips',
  'routingSchedules',
  'drivers',
  'onlinedrivers',
  'shuttles',
  'passengers',
  'parents',
  'students',
  'employees',
  'vehicles',
  'livemap',
  'roadBlocks',
  'driverShifts',
  'analytics',
  'reports',
  'settings',
  'help',
] as const;

export const SETTINGS_MENU = [
  'sites',
  'systemsettings',
  'blacklist',
  'services',
  'locations',
  'areas',
  'rates',
  'fares',
  'ratetypes',
  'extraservices',
  'suppliers',
  'users',
  'profiles',
  'history',
  'shifts',
  'import',
  'permissions',
  'driverShifts',
  'attributes',
  'holidays',
  'assignPriority',
  'outbox',
] as const;

export function screen(key: string): ScreenDef {
  const def = SCREENS[key];
  if (!def) throw new Error(`unknown screen ${key}`);
  return def;
}
