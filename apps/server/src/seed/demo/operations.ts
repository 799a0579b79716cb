import { createHash } from 'node:crypto';
import { BOROUGHS, PLACES, type Place } from '../montreal.ts';
import {
  DAY,
  fmtDay,
  fmtLocal,
  HOUR,
  haversine,
  MINUTE,
  money,
  type Place3,
  slug,
  UNITS,
  type UnitId,
} from './common.ts';
import type { DemoContext } from './context.ts';
import type { DemoMasterData } from './masterData.ts';
import type { DemoPeople } from './people.ts';

/** Shifts, driver shifts, holidays, settings, rates, school fares, shuttles, the card blacklist and road blocks. */
export function demoOperations(g: DemoContext & DemoMasterData & DemoPeople) {
  const {
    today,
    rng,
    collections,
    add,
    address,
    staffNames,
    stamp,
    S,
    zoneAreas,
    routingAreas,
    locs,
    placeOf,
    suppliers,
    profiles,
    unitCode,
    drivers,
    schools,
    workplaces,
  } = g;
  // ---- shifts (hours per site: shifts, school hours, work hours)
  const SHIFTS: Record<UnitId, [string, string, string, string, number[]][]> = {
    1: [
      ['Morning peak', '06:00', '10:00', 'both', [1, 2, 3, 4, 5]],
      ['Midday', '10:00', '15:00', 'both', [1, 2, 3, 4, 5]],
      ['Evening peak', '15:00', '19:30', 'both', [1, 2, 3, 4, 5]],
      ['Weekend', '08:00', '20:00', 'both', [0, 6]],
    ],
    2: [
      ['Morning school run', '07:00', '08:30', 'to', [1, 2, 3, 4, 5]],
      ['Afternoon school run', '15:00', '16:30', 'from', [1, 2, 3, 4, 5]],
      ['Wednesday early release', '12:00', '13:00', 'from', [3]],
    ],
    3: [
      ['Day shift', '06:00', '14:00', 'both', [1, 2, 3, 4, 5]],
      ['Evening shift', '14:00', '22:00', 'both', [1, 2, 3, 4, 5]],
      ['Night shift', '22:00', '06:00', 'both', [0, 1, 2, 3, 4]],
    ],
  };
  for (const u of UNITS) {
    for (const [name, start, end, direction, weekDays] of SHIFTS[u]) {
      add('shifts', {
        unit: u,
        name,
        status: name === 'Wednesday early release' ? 'not active' : 'active',
        start,
        end,
        year: u === 2 ? '2025-2026' : '2026',
        direction,
        weekDays,
        ...stamp(),
      });
    }
  }

  // ---- driver shifts: a week back and two ahead, weekdays (and some weekends on site 1)
  for (const u of UNITS) {
    for (const d of drivers[u]) {
      const early = rng.chance(0.5);
      for (let day = -7; day <= 14; day++) {
        const dayMs = today + day * DAY;
        const wd = new Date(dayMs).getUTCDay();
        if ((wd === 0 || wd === 6) && !(u === 1 && rng.chance(0.25))) continue;
        if (rng.chance(0.1)) continue;
        const start = dayMs + (early ? rng.int(5, 7) : rng.int(11, 14)) * HOUR + rng.pick([0, 30]) * MINUTE;
        const end = start + rng.int(7, 10) * HOUR;
        const b = start + 4 * HOUR;
        add('driverShifts', {
          unit: u,
          driver: d.id,
          start: fmtLocal(start),
          end: fmtLocal(end),
          supplier: d.supplier,
          firstTripDistance: rng.int(3, 15),
          areas: rng.sample(
            zoneAreas[u].map((z) => z.id),
            2,
          ),
          breaks: [{ start: fmtLocal(b), end: fmtLocal(b + 30 * MINUTE) }],
          ...stamp(staffNames.dispatchadmin, 60),
        });
      }
    }
  }

  // ---- holidays (Canada / Quebec 2026-2027, some per site)
  const HOLIDAYS: [string, string, string, string?, UnitId?][] = [
    ["New Year's Day", 'NEWYEAR', '2026-01-01'],
    ['Good Friday', 'GOODFRI', '2026-04-03'],
    ['Easter Monday', 'EASTERMON', '2026-04-06'],
    ["National Patriots' Day", 'PATRIOTS', '2026-05-18'],
    ['Fête nationale du Québec', 'FETENAT', '2026-06-24'],
    ['Canada Day', 'CANADA', '2026-07-01'],
    ['Labour Day', 'LABOUR', '2026-09-07'],
    ['Thanksgiving', 'THANKS', '2026-10-12'],
    ['Christmas Day', 'XMAS', '2026-12-25'],
    ['Boxing Day', 'BOXING', '2026-12-26'],
    ["New Year's Day", 'NEWYEAR', '2027-01-01'],
    ['Good Friday', 'GOODFRI', '2027-03-26'],
    ['Easter Monday', 'EASTERMON', '2027-03-29'],
    ["National Patriots' Day", 'PATRIOTS', '2027-05-24'],
    ['Fête nationale du Québec', 'FETENAT', '2027-06-24'],
    ['Canada Day', 'CANADA', '2027-07-01'],
    ['Labour Day', 'LABOUR', '2027-09-06'],
    ['Thanksgiving', 'THANKS', '2027-10-11'],
    ['Christmas Day', 'XMAS', '2027-12-25'],
    ['Winter break (schools)', 'SCHOOLXMAS', '2026-12-22', '2027-01-05', 2],
    ['Spring break (schools)', 'SCHOOLSPRING', '2027-03-01', '2027-03-05', 2],
    ['Pedagogical day', 'PEDDAY', '2026-11-27', undefined, 2],
    ['Construction holiday', 'CONSTRUCTION', '2026-07-19', '2026-08-01', 3],
    ['Plant shutdown', 'SHUTDOWN', '2026-12-24', '2027-01-03', 3],
  ];
  /** Days without school runs (site 2) or plant shifts (site 3): statutory holidays plus the site's own. */
  const closedDays: Record<UnitId, Set<string>> = { 1: new Set(), 2: new Set(), 3: new Set() };
  for (const [, , start, end, unit] of HOLIDAYS) {
    const from = Date.parse(`${start}T00:00:00Z`);
    const to = Date.parse(`${end ?? start}T00:00:00Z`);
    for (let d = from; d <= to; d += DAY) {
      for (const u of unit ? [unit] : ([2, 3] as const)) closedDays[u].add(fmtDay(d));
    }
  }
  for (const [name, code, start, end, unit] of HOLIDAYS) {
    add('holidays', {
      name,
      code,
      ...(end ? { start, end } : { date: start }),
      ...(unit ? { unit } : {}),
      ...stamp(),
    });
  }

  // ---- settings (global, with a few site overrides)
  const SETTINGS: [string, string, string, string, string, unknown, UnitId | null][] = [
    [
      'map center',
      'Map center',
      'Initial centre of maps: latitude, longitude',
      'Misc',
      'String',
      '45.5017, -73.5673',
      null,
    ],
    [
      'map route server',
      'Map route server',
      'URL of the route server; empty for straight lines',
      'Misc',
      'String',
      '',
      null,
    ],
    ['bot', 'Chat-bot', 'Show the chat-bot widget', 'Misc', 'Boolean', 'false', null],
    [
      'systemTemplate',
      'System template',
      'Wording and screens for the default site type',
      'Misc',
      'String',
      'default',
      null,
    ],
    [
      'pick gap early',
      'Pick gap early',
      'Minutes a pick-up may be moved earlier',
      'RoutingConfig',
      'Integer',
      30,
      null,
    ],
    ['pick gap late', 'Pick gap late', 'Minutes a pick-up may be moved later', 'RoutingConfig', 'Integer', 30, null],
    ['routing ratio', 'Routing ratio', 'At most this times the direct drive time', 'RoutingConfig', 'Float', 1.5, null],
    [
      'join option',
      'Join option',
      'How reservations are joined into trips',
      'RoutingEngine',
      'String',
      'try join',
      null,
    ],
    ['routing type', 'Routing type', 'Routing strategy', 'RoutingEngine', 'String', 'dynamic', null],
    ['max shift hours', 'Max shift hours', 'Longest driver shift (1 to 24)', 'RouteingAssign', 'Integer', 10, null],
    ['routing type', 'Routing type', 'School routes are planned as bus lines', 'RoutingEngine', 'String', 'bus', 2],
    ['max shift hours', 'Max shift hours', 'School drivers work split shifts', 'RouteingAssign', 'Integer', 8, 2],
    ['routing type', 'Routing type', 'Employee transport on demand', 'RoutingEngine', 'String', 'demand', 3],
    [
      'booking lead minutes',
      'Booking lead time',
      'Minutes before pick-up a booking is accepted',
      'Reservations',
      'Integer',
      120,
      null,
    ],
    [
      'add-on modules',
      'Add-on modules',
      'Codes of the add-on modules switched on: 490 route optimisation, 500 driver app, 550 routing scheduler, 560 predictive ETA',
      'Misc',
      'String',
      '490, 500, 550, 560',
      null,
    ],
  ];
  for (const [name, label, description, category, type, value, unit] of SETTINGS) {
    add('settings', { name, label, description, category, type, value, unit, ...stamp(staffNames.superadmin) });
  }

  // ---- the routing scheduler (add-on 550): site 1 routes and assigns tomorrow every evening; the
  // every-15-minutes schedule is there to switch on (it would route today's queue at once)
  add('routingSchedules', {
    unit: 1,
    name: 'Tomorrow, every evening at 18:00',
    status: 'active',
    repeat: 'daily',
    time: '18:00',
    daysAhead: 1,
    assign: true,
    seconds: 10,
    ...stamp(staffNames.dispatchadmin),
  });
  add('routingSchedules', {
    unit: 1,
    name: 'Every 15 minutes, the next 2 hours',
    status: 'inactive',
    repeat: 'interval',
    minutes: 15,
    hoursAhead: 2,
    assign: true,
    seconds: 5,
    ...stamp(staffNames.dispatchadmin),
  });

  // ---- rates
  const yul = locs[1][0] as { id: number; place: Place };
  const central = locs[1][1] as { id: number; place: Place };
  const addition = (
    name: string,
    valueType: string,
    value: number,
    extra: Record<string, unknown>,
    priority: number,
  ) => ({
    name,
    valueType,
    value: valueType === 'percent' ? value : money(value),
    ...extra,
    priority,
  });
  function rate(u: UnitId, fields: Record<string, unknown>): void {
    if (typeof fields.price === 'number') fields.price = money(fields.price);
    add('rates', {
      unit: u,
      biDir: true,
      rateType: 'ordinary',
      priority: 10,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      startTime: '00:00',
      endTime: '23:59',
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      additions: [
        addition('Night surcharge', 'percent', 15, { times: ['23:00-05:00'] }, 1),
        addition('Holiday', 'price', 1000, { dates: ['2026-12-25', '2027-01-01'] }, 2),
      ],
      ...fields,
      ...stamp(staffNames.accountingadmin),
    });
  }
  for (const z of zoneAreas[1]) {
    const km = haversine(z.borough, yul.place) / 1000;
    for (const [svcId, tag, mult] of [
      [S.sedan, 'SED', 1],
      [S.minivan, 'VAN', 1.35],
    ] as const) {
      rate(1, {
        code: `YUL-${slug(z.borough.name).slice(0, 6).toUpperCase()}-${tag}`,
        from: { type: 'location', id: yul.id },
        to: { type: 'area', id: z.id },
        service: svcId,
        price: Math.round(((4000 + km * 180) * mult) / 25) * 25,
      });
    }
  }
  rate(1, {
    code: 'YUL-GARECENTRALE-SED',
    from: { type: 'location', id: yul.id },
    to: { type: 'location', id: central.id },
    service: S.sedan,
    price: 4940,
    priority: 30,
  });
  rate(1, {
    code: 'YUL-GARECENTRALE-F05',
    from: { type: 'location', id: yul.id },
    to: { type: 'location', id: central.id },
    service: S.sedan,
    price: 0,
    rateType: 'free 0-5',
    priority: 30,
  });
  const [rz1, rz2] = routingAreas[1] as [number, number];
  for (const [a, b, from, to, price] of [
    [rz1, rz1, 0, 10, 1800],
    [rz1, rz1, 10, 25, 3200],
    [rz1, rz2, 0, 40, 4500],
    [rz2, rz2, 0, 20, 2600],
  ] as const) {
    rate(1, {
      code: `DIST-${a}-${b}-${from}-${to}`,
      from: { type: 'area', id: a },
      to: { type: 'area', id: b },
      service: S.wheelchair,
      price,
      distanceFrom: from,
      distanceTo: to,
      weekDays: [1, 2, 3, 4, 5],
      startTime: '06:00',
      endTime: '20:00',
      priority: 20,
    });
  }
  for (const u of [2, 3] as const) {
    const dests = locs[u].filter((l) => l.place.type === (u === 2 ? 'school' : 'work'));
    for (const z of zoneAreas[u]) {
      for (const d of dests.slice(0, 2)) {
        rate(u, {
          code: `${unitCode[u]}-${slug(z.borough.name).slice(0, 6).toUpperCase()}-${d.id}`,
          from: { type: 'area', id: z.id },
          to: { type: 'location', id: d.id },
          service: u === 2 ? S.school : S.shuttle,
          price: u === 2 ? 0 : Math.round((300 + (haversine(z.borough, d.place) / 1000) * 40) / 25) * 25,
          rateType: u === 2 ? 'free 6-11' : 'ordinary',
          weekDays: [1, 2, 3, 4, 5],
          additions: [],
        });
      }
    }
  }

  // ---- a metered fare over each site's whole area, by distance: any two places of a site have a
  // price (issue 11: getjobfares prices at least 90 % of the trips between two places of a site);
  // the rates above are more particular and win by priority
  const METER: [number, number, number][] = [
    [0, 3, 1500],
    [3, 6, 2200],
    [6, 10, 3000],
    [10, 15, 4000],
    [15, 25, 5500],
    [25, 60, 8000],
  ];
  for (const u of UNITS) {
    const points = [...locs[u].map((l) => l.place), ...zoneAreas[u].map((z) => z.borough)];
    const lats = points.map((p) => p.lat);
    const lons = points.map((p) => p.lon);
    const [s, n, w, e] = [
      Math.min(...lats) - 0.04,
      Math.max(...lats) + 0.04,
      Math.min(...lons) - 0.06,
      Math.max(...lons) + 0.06,
    ];
    const ring = [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ].map(([lon, lat]) => [Math.round((lon as number) * 1e6) / 1e6, Math.round((lat as number) * 1e6) / 1e6]);
    const area = add('areas', {
      unit: u,
      name: `${unitCode[u]} metered area`,
      type: 'zone-pricing',
      color: '#868e96',
      map: { type: 'Polygon', coordinates: [ring] },
      ...stamp(),
    });
    const services: [number, string, number][] =
      u === 1
        ? [
            [S.sedan, 'SED', 1],
            [S.minivan, 'VAN', 1.35],
          ]
        : [[u === 2 ? S.school : S.shuttle, u === 2 ? 'SCH' : 'SHU', 0.6]];
    for (const [service, tag, mult] of services) {
      for (const [from, to, price] of METER) {
        rate(u, {
          code: `${unitCode[u]}-METER-${tag}-${from}-${to}`,
          from: { type: 'area', id: area },
          to: { type: 'area', id: area },
          service,
          price: Math.round((price * mult) / 25) * 25,
          distanceFrom: from,
          distanceTo: to,
          priority: 5,
        });
      }
    }
  }

  // ---- fares (school fares, site 2): per zone a tagged base rate the school fares inherit from
  for (const z of zoneAreas[2]) {
    rate(2, {
      code: `LAV-SCH-${slug(z.borough.name).slice(0, 6).toUpperCase()}`,
      tag: 'laval-schools',
      from: { type: 'area', id: z.id },
      to: { type: 'area', id: z.id },
      service: S.school,
      price: 300,
      startDate: '2025-08-27',
      endDate: '2026-06-23',
      weekDays: [1, 2, 3, 4, 5],
      additions: [],
    });
    for (const [i, sch] of schools.slice(0, 2).entries()) {
      const code = `LAV-SCH-${String(collections.fares.length + 1).padStart(2, '0')}`;
      add('fares', {
        unit: 2,
        code,
        tag: i === 0 ? 'school-am' : 'school-pm',
        parentTag: 'laval-schools',
        parentCode: `LAV-SCH-${slug(z.borough.name).slice(0, 6).toUpperCase()}`,
        from: { type: 'area', id: z.id },
        to: { type: 'location', id: sch.id },
        biDir: true,
        service: S.school,
        price: money(rng.pick([0, 0, 250, 350])),
        rateType: rng.pick(['free 6-11', 'ordinary']),
        priority: 10,
        startDate: '2025-08-27',
        endDate: '2026-06-23',
        weekDays: [1, 2, 3, 4, 5],
        ...stamp(staffNames.accountingadmin),
      });
    }
  }

  // ---- shuttles
  const stop = (p: Place3, name: string, zone: string) => ({ address: p.address, name, zone, lat: p.lat, lon: p.lon });
  const weekdays = [1, 2, 3, 4, 5];
  const SHUTTLES = [
    {
      unit: 1 as UnitId,
      code: 'YUL-747',
      name: 'YUL Express downtown',
      line: '747',
      direction: 'to',
      stops: [
        stop(placeOf(central.place), 'Gare Centrale', 'Ville-Marie'),
        stop(address(1, BOROUGHS[1][0]), 'René-Lévesque / Peel', 'Ville-Marie'),
        stop(placeOf(yul.place), 'YUL departures', 'Dorval'),
      ],
      hours: ['05:00', '06:00', '07:00', '08:00', '12:00', '16:00', '20:00'],
    },
    {
      unit: 2 as UnitId,
      code: 'LAV-S01',
      name: 'Chomedey – Saint-Maxime school run',
      line: 'S01',
      direction: 'to',
      stops: [
        stop(address(2, BOROUGHS[2][0]), 'Chomedey / Notre-Dame', 'Chomedey'),
        stop(address(2, BOROUGHS[2][0]), 'Curé-Labelle / Saint-Martin', 'Chomedey'),
        stop(placeOf((schools[2] ?? schools[0])?.place ?? (PLACES[2][0] as Place)), 'École Saint-Maxime', 'Chomedey'),
      ],
      hours: ['07:10', '07:40'],
    },
    {
      unit: 3 as UnitId,
      code: 'LGL-E1',
      name: 'Longueuil metro – Aéro Rive-Sud',
      line: 'E1',
      direction: 'both',
      stops: [
        stop(placeOf((locs[3][0] as { place: Place }).place), 'Station Longueuil', 'Vieux-Longueuil'),
        stop(placeOf((workplaces[0] as { place: Place }).place), 'Aéro Rive-Sud gate 3', 'Vieux-Longueuil'),
      ],
      hours: ['05:30', '06:00', '13:30', '14:00', '21:30', '22:00'],
    },
  ];
  for (const sh of SHUTTLES) {
    add('shuttles', {
      unit: sh.unit,
      code: sh.code,
      name: sh.name,
      line: sh.line,
      area: routingAreas[sh.unit][0],
      direction: sh.direction,
      supplier: suppliers[sh.unit][0],
      profile: profiles[sh.unit][0],
      drivers: drivers[sh.unit].slice(0, 2).map((d) => d.id),
      pax: sh.unit === 1 ? 20 : sh.unit === 2 ? 48 : 20,
      paymentType: sh.unit === 1 ? 'opus passage' : sh.unit === 2 ? 'free' : 'direct bill',
      routingType: sh.unit === 1 ? 'bus' : sh.unit === 2 ? 'bus' : 'exo',
      timing: sh.unit === 3 ? 'flexible' : 'fixed',
      times: sh.hours.map((hour) => ({ hour, weekDays: sh.unit === 1 ? [0, ...weekdays, 6] : weekdays, limit: 20 })),
      stops: sh.stops,
      ...stamp(),
    });
  }

  // ---- blacklist (card numbers kept as last four digits and a fingerprint only)
  for (const [u, reason] of [
    [1, 'chargeback'],
    [1, 'reported stolen'],
    [1, 'repeated no-show'],
    [3, 'chargeback'],
  ] as const) {
    let number = '4';
    for (let i = 0; i < 15; i++) number += String(rng.int(0, 9));
    add('blacklist', {
      unit: u,
      last4: number.slice(-4),
      fingerprint: createHash('sha256').update(number).digest('hex'),
      reason,
      ...stamp(staffNames.accountingadmin, 200),
    });
  }

  // ---- road blocks
  for (const [name, lat, lon] of [
    ['Rue Sainte-Catherine Ouest / Rue Peel (pedestrian zone)', 45.5005, -73.5735],
    ['Boulevard Saint-Laurent / Rue Rachel (street fair)', 45.5175, -73.5795],
    ['Rue Notre-Dame Est / Avenue Papineau (roadwork)', 45.5315, -73.5475],
    ['Tunnel Louis-Hippolyte-La Fontaine (night closure)', 45.5845, -73.5075],
  ] as const) {
    add('roadblocks', { unit: 1, name, lat, lon, ...stamp(staffNames.dispatcher, 60) });
  }

  return { closedDays };
}

export type DemoOperations = ReturnType<typeof demoOperations>;
