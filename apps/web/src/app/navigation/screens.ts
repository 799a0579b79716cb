import type { ModuleKey } from '@tc/domain';

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
  /** The placeholder of the list links to it (report sub-pages). */
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
  feature?: 'permissions' | 'outbox' | 'help' | 'dashboard' | 'jobs';
}

const create: SubRoute = { path: 'create', action: 'create', page: 'create' };
const edit: SubRoute = { path: 'edit/:id', action: 'edit', page: 'edit' };
const crud = [create, edit];

export const SCREENS: Record<string, ScreenDef> = {
  home: { key: 'home', path: '/', module: 'dashboard', feature: 'dashboard' },
  agent: { key: 'agent', path: '/agent', module: 'jobs' },
  timeline: { key: 'timeline', path: '/timeline', module: 'timeline' },
  jobs: {
    key: 'jobs',
    path: '/jobs',
    module: 'jobs',
    wording: 'reservations',
    feature: 'jobs',
    subRoutes: [
      create,
      { path: 'quick', action: 'createQuick', page: 'quick' },
      { path: 'setShifts', action: 'setShifts', page: 'setShifts' },
      { path: 'setSchoolShifts', action: 'setSchoolShifts', screen: 'setSchoolShifts', page: 'setShifts' },
      { path: 'setWorkShifts', action: 'setShifts', screen: 'setWorkShifts', page: 'setShifts' },
      { path: 'shuttle', action: 'create', page: 'shuttle' },
      edit,
    ],
  },
  trips: {
    key: 'trips',
    path: '/trips',
    module: 'trips',
    wording: 'trips',
    subRoutes: [{ path: ':id', action: 'view', page: 'detail' }],
  },
  drivers: { key: 'drivers', path: '/drivers', module: 'drivers', subRoutes: crud },
  onlinedrivers: { key: 'onlinedrivers', path: '/onlinedrivers', module: 'activeDrivers' },
  shuttles: {
    key: 'shuttles',
    path: '/shuttles',
    module: 'shuttles',
    subRoutes: [create, edit, { path: 'duplicate/:id', action: 'create', page: 'duplicate' }],
  },
  passengers: { key: 'passengers', path: '/passengers', module: 'passengers', wording: 'recipient', subRoutes: crud },
  parents: { key: 'parents', path: '/parents', module: 'parents', unguarded: true, screen: 'parents', subRoutes: crud },
  students: { key: 'students', path: '/students', module: 'passengers', screen: 'students', subRoutes: crud },
  employees: { key: 'employees', path: '/employees', module: 'passengers', screen: 'employees', subRoutes: crud },
  vehicles: { key: 'vehicles', path: '/vehicles', module: 'vehicles', wording: 'vehicles', subRoutes: crud },
  livemap: { key: 'livemap', path: '/livemap', module: 'liveMap' },
  roadBlocks: { key: 'roadBlocks', path: '/roadBlocks', module: 'liveMap' },
  driverShifts: {
    key: 'driverShifts',
    path: '/driverShifts',
    module: 'driversShifts',
    subRoutes: [create, { path: 'multi', action: 'create', page: 'multi' }, edit],
  },
  analytics: { key: 'analytics', path: '/analytics', module: 'analytics' },
  reports: {
    key: 'reports',
    path: '/reports',
    module: 'reports',
    subRoutes: REPORTS.map((report) => ({ path: report, action: 'view', page: `reports.${report}`, link: true })),
  },
  help: { key: 'help', path: '/help', module: null, feature: 'help' },
  // Settings menu.
  sites: { key: 'sites', path: '/sites', module: 'editSites', unguarded: true, subRoutes: crud },
  systemsettings: {
    key: 'systemsettings',
    path: '/systemsettings',
    module: 'settings',
    subRoutes: [
      { ...create, module: 'parameters' },
      { ...edit, module: 'parameters' },
    ],
  },
  blacklist: { key: 'blacklist', path: '/blacklist', module: 'blacklist', subRoutes: crud },
  services: { key: 'services', path: '/services', module: 'services', subRoutes: crud },
  locations: { key: 'locations', path: '/locations', module: 'locations', subRoutes: crud },
  areas: { key: 'areas', path: '/areas', module: 'areasZonePricing', subRoutes: crud },
  rates: { key: 'rates', path: '/rates', module: 'rates', subRoutes: crud },
  fares: {
    key: 'fares',
    path: '/fares',
    module: 'fares',
    subRoutes: [
      { ...create, screen: 'faresEdit' },
      { ...edit, screen: 'faresEdit' },
    ],
  },
  ratetypes: { key: 'ratetypes', path: '/ratetypes', module: 'rateTypes', subRoutes: crud },
  extraservices: { key: 'extraservices', path: '/extraservices', module: 'extraServices', subRoutes: crud },
  suppliers: { key: 'suppliers', path: '/suppliers', module: 'suppliers', subRoutes: crud },
  // The users edit route needs only view permission (spec section 2).
  users: { key: 'users', path: '/users', module: 'users', subRoutes: [create, { ...edit, action: 'view' }] },
  profiles: { key: 'profiles', path: '/profiles', module: 'profiles', subRoutes: crud },
  history: { key: 'history', path: '/history', module: 'history' },
  shifts: { key: 'shifts', path: '/shifts', module: 'shifts', wording: 'shifts', subRoutes: crud },
  import: { key: 'import', path: '/import', module: 'uploadData', action: 'upload' },
  permissions: { key: 'permissions', path: '/permissions', module: null, ownerOnly: true, feature: 'permissions' },
  attributes: { key: 'attributes', path: '/attributes', module: 'attributes', unguarded: true, subRoutes: crud },
  holidays: { key: 'holidays', path: '/holidays', module: 'settings', unguarded: true, subRoutes: crud },
  assignPriority: {
    key: 'assignPriority',
    path: '/assign-priority',
    module: 'settings',
    unguarded: true,
    subRoutes: crud,
  },
  outbox: { key: 'outbox', path: '/outbox', module: 'messages', feature: 'outbox' },
};

/** Main menu of spec section 2, in its order; `settings` stands for the settings sub-menu. */
export const MAIN_MENU = [
  'home',
  'agent',
  'timeline',
  'jobs',
  'trips',
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
