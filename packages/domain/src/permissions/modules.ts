/** The module catalog of spec section 6: every module code and the actions it offers. */

const crudIo = ['view', 'create', 'edit', 'export', 'import'] as const;
const people = ['view', 'addNotes', 'create', 'edit', 'changeStatus', 'export', 'import'] as const;
const areas = ['view', 'create', 'edit', 'changeStatus', 'export', 'import', 'viewSpecificTypes'] as const;
const vce = ['view', 'create', 'edit'] as const;
const viewExport = ['view', 'export'] as const;
const viewCreate = ['view', 'create'] as const;
const addOn = ['active'] as const;

export const MODULES = {
  dashboard: { code: '010', name: 'Dashboard', actions: ['view'] },
  timeline: { code: '015', name: 'Timeline', actions: ['view'] },
  jobs: {
    code: '100',
    name: 'Reservations',
    actions: [
      'view',
      'create',
      'edit',
      'changeProfile',
      'addNotes',
      'cancel',
      'route',
      'export',
      'import',
      'createQuick',
      'setShifts',
      'setSchoolShifts',
    ],
  },
  trips: {
    code: '110',
    name: 'Trips',
    actions: [
      'view',
      'assign',
      'sendTrip',
      'addNote',
      'sendMessage',
      'exportTrip',
      'importTrip',
      'changeStatus',
      'editQueue',
      'combineTrip',
    ],
  },
  drivers: { code: '120', name: 'Drivers', actions: people },
  activeDrivers: { code: '130', name: 'Active Drivers', actions: ['view', 'changeStatus'] },
  passengers: { code: '140', name: 'Passengers', actions: people },
  vehicles: { code: '150', name: 'Vehicles', actions: people },
  liveMap: { code: '160', name: 'Live Map', actions: ['view'] },
  driversShifts: { code: '170', name: 'Drivers Shifts', actions: crudIo },
  reports: { code: '180', name: 'Reports', actions: viewExport },
  analytics: { code: '190', name: 'Analytics', actions: viewExport },
  services: { code: '200', name: 'Services', actions: crudIo },
  locations: { code: '210', name: 'Locations', actions: crudIo },
  areasZonePricing: { code: '220', name: 'Zone-Pricing Areas', actions: areas },
  areasRoutingZone: { code: '230', name: 'Routing-Zone Areas', actions: areas },
  rates: { code: '240', name: 'Rates', actions: ['view', 'create', 'edit', 'export', 'import', 'addNote'] },
  rateTypes: { code: '250', name: 'Rate Types', actions: vce },
  extraServices: { code: '260', name: 'Extra Services', actions: crudIo },
  suppliers: { code: '270', name: 'Suppliers', actions: crudIo },
  users: {
    code: '280',
    name: 'Users',
    actions: ['view', 'create', 'edit', 'changeRole', 'changeStatus', 'export', 'import'],
  },
  profiles: { code: '290', name: 'Profiles', actions: ['view', 'create', 'edit', 'changeStatus', 'export', 'import'] },
  history: { code: '300', name: 'History', actions: viewExport },
  uploadData: { code: '310', name: 'Upload Data', actions: ['upload'] },
  settings: { code: '320', name: 'Settings', actions: ['view'] },
  parameters: { code: '330', name: 'Parameters', actions: vce },
  multiLanguage: { code: '340', name: 'Multi-Language', actions: ['view', 'edit'] },
  shifts: { code: '350', name: 'Shifts', actions: [...crudIo, 'delete'] },
  driverAssignment: { code: '360', name: 'Driver Assignment', actions: vce },
  driversScheduler: { code: '370', name: 'Drivers Scheduler', actions: vce },
  messages: { code: '380', name: 'Messages', actions: viewCreate },
  emailNotifications: { code: '390', name: 'Email Notifications', actions: viewCreate },
  smsNotifications: { code: '400', name: 'SMS Notifications', actions: viewCreate },
  pushNotifications: { code: '410', name: 'Push Notifications', actions: viewCreate },
  fares: { code: '420', name: 'Fares', actions: crudIo },
  accounting: { code: '430', name: 'Accounting', actions: vce },
  clearCity: { code: '440', name: 'Clear City', actions: crudIo },
  holdingList: { code: '450', name: 'Holding List', actions: crudIo },
  aiAssistant: { code: '470', name: 'AI Assistant', actions: addOn },
  bidding: { code: '480', name: 'Bidding', actions: addOn },
  routeOptimisation: { code: '490', name: 'Route Optimisation', actions: addOn },
  driverApp: { code: '500', name: 'Driver App', actions: addOn },
  passengerApp: { code: '510', name: 'Passenger App', actions: addOn },
  shuttles: { code: '520', name: 'Shuttles', actions: ['view', 'create', 'edit', 'delete', 'addTime', 'addStop'] },
  passengerShuttlesWebApp: { code: '530', name: 'Passenger Shuttles Web App', actions: addOn },
  passengersWebPortal: { code: '540', name: 'Passengers Web Portal', actions: addOn },
  routingScheduler: { code: '550', name: 'Routing Scheduler', actions: addOn },
  predictiveEta: { code: '560', name: 'Predictive ETA', actions: addOn },
  predictiveEtaNotifications: { code: '570', name: 'Predictive ETA Notifications', actions: addOn },
  whiteLabel: { code: '580', name: 'White Label', actions: addOn },
  apiAccess: { code: '590', name: 'API Access', actions: addOn },
  // Spec section 6 lists no actions for the next three: view/create/edit is our documented choice.
  testPageAccess: { code: '600', name: 'Test Page Access', actions: ['view'] },
  editSites: { code: '610', name: 'Edit Sites', actions: vce },
  attributes: { code: '620', name: 'Attributes', actions: vce },
  parents: { code: '630', name: 'Parents', actions: vce },
  blacklist: { code: '640', name: 'Blacklist', actions: ['view', 'create', 'edit', 'delete'] },
} as const satisfies Record<string, { code: string; name: string; actions: readonly string[] }>;

export type ModuleKey = keyof typeof MODULES;
export type ActionOf<M extends ModuleKey> = (typeof MODULES)[M]['actions'][number];
export type Action = { [M in ModuleKey]: ActionOf<M> }[ModuleKey];

export const MODULE_KEYS = Object.keys(MODULES) as ModuleKey[];

/** The module record as the protocol returns it: {moduleCode, moduleName, actions}. */
export interface ModuleRecord {
  moduleCode: string;
  moduleName: string;
  moduleKey: ModuleKey;
  actions: string[];
}

export function moduleRecords(): ModuleRecord[] {
  return MODULE_KEYS.map((key) => ({
    moduleKey: key,
    moduleCode: MODULES[key].code,
    moduleName: MODULES[key].name,
    actions: [...MODULES[key].actions],
  }));
}

export function moduleByCode(code: string): ModuleKey | undefined {
  return MODULE_KEYS.find((k) => MODULES[k].code === code);
}

export function hasAction(module: ModuleKey, action: string): boolean {
  return (MODULES[module].actions as readonly string[]).includes(action);
}
