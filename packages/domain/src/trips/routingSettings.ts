/**
 * A site's routing settings (spec sections 3 and 9: system settings of the categories
 * RoutingEngine, RoutingConfig and RouteingAssign), read into what the routing engine takes
 * (docs/routing.md, PlanSettings and the drivers' limits). docs/dispatch.md lists the names.
 */

/** The settings routing reads, by name, with the site's value over the global one. */
export const ROUTING_SETTING_NAMES = [
  'join option',
  'routing type',
  'trip direction',
  'pick gap early',
  'pick gap late',
  'routing ratio',
  'max shift hours',
  'per area match',
] as const;
export type RoutingSettingName = (typeof ROUTING_SETTING_NAMES)[number];

const JOIN = { 'no join': 'noJoin', 'try join': 'tryJoin', 'only join': 'onlyJoin' } as const;
const TYPES = ['dynamic', 'demand', 'bus', 'exo'] as const;
const DIRECTIONS = {
  both: 'both',
  collect: 'collect',
  distribute: 'distribute',
  to: 'collect',
  from: 'distribute',
} as const;

export interface SiteRouting {
  settings: {
    join?: (typeof JOIN)[keyof typeof JOIN];
    routingType?: (typeof TYPES)[number];
    direction?: (typeof DIRECTIONS)[keyof typeof DIRECTIONS];
    pickGapEarly?: number;
    pickGapLate?: number;
    maxRide?: { ratio: number };
  };
  /** Limits of every driver of the site (a driver's own per-area match wins). */
  drivers: { maxShiftHours?: number; perAreaMatch?: number };
}

/** A setting whose value routing cannot read: the name to fix on the system settings screen. */
export class BadRoutingSetting extends Error {
  constructor(readonly setting: RoutingSettingName) {
    super(`The routing setting "${setting}" has a value routing cannot use`);
  }
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

function number(name: RoutingSettingName, v: unknown, min: number, max: number): number | undefined {
  if (blank(v)) return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n) || n < min || n > max) throw new BadRoutingSetting(name);
  return n;
}

function choice<T extends string>(name: RoutingSettingName, v: unknown, map: Record<string, T>): T | undefined {
  if (blank(v)) return undefined;
  const key = String(v).trim().toLowerCase();
  if (!Object.hasOwn(map, key)) throw new BadRoutingSetting(name);
  return map[key];
}

/**
 * The site's routing from its settings' values (blank: the engine's default). A value routing
 * cannot use throws `BadRoutingSetting` naming it, rather than routing with a guess.
 */
export function siteRouting(values: Partial<Record<RoutingSettingName, unknown>>): SiteRouting {
  const ratio = number('routing ratio', values['routing ratio'], 1, 10);
  const settings: SiteRouting['settings'] = {
    join: choice('join option', values['join option'], JOIN),
    routingType: choice('routing type', values['routing type'], Object.fromEntries(TYPES.map((t) => [t, t]))),
    direction: choice('trip direction', values['trip direction'], DIRECTIONS),
    pickGapEarly: number('pick gap early', values['pick gap early'], 0, 24 * 60),
    pickGapLate: number('pick gap late', values['pick gap late'], 0, 24 * 60),
    ...(ratio !== undefined ? { maxRide: { ratio } } : {}),
  };
  const drivers: SiteRouting['drivers'] = {
    maxShiftHours: number('max shift hours', values['max shift hours'], 1, 24),
    perAreaMatch: number('per area match', values['per area match'], 0, 999_999),
  };
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return { settings: defined(settings), drivers: defined(drivers) };
}
