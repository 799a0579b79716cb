import { DISCOUNT_TYPES, RATE_TYPES, UNIT_TYPES } from '@tc/domain';
import { BOROUGHS, type Borough, boroughPolygon, PLACES, type Place } from '../montreal.ts';
import { DAY, fmtDay, money, PALETTE, type Place3, slug, UNITS, type UnitId } from './common.ts';
import type { DemoContext } from './context.ts';

/** Sites, services, rate types, areas, locations, attributes and priority groups, suppliers, profiles and extra services. */
export function demoMasterData(g: DemoContext) {
  const { today, rng, collections, add, person, phone, address, staffNames, stamp } = g;
  // ---- units
  const unitNames: Record<UnitId, string> = { 1: 'Montreal', 2: 'Laval Schools', 3: 'Longueuil Works' };
  const unitCentres: Record<UnitId, Place3> = {
    1: { address: '800 Rue De La Gauchetière Ouest, Montréal, QC H5A 1K6', lat: 45.4995, lon: -73.5654 },
    2: { address: '1 Place du Souvenir, Laval, QC H7V 1W7', lat: 45.5593, lon: -73.7216 },
    3: { address: '4250 Chemin de la Savane, Longueuil, QC J3Y 9G4', lat: 45.5125, lon: -73.4515 },
  };
  for (const u of UNITS) {
    add('units', {
      name: unitNames[u],
      type: UNIT_TYPES[u - 1],
      address: unitCentres[u],
      timeZone: 'America/Toronto',
      ...stamp(staffNames.superadmin, 500),
    });
  }

  // ---- services (global)
  const SERVICE_DEFS = [
    { name: 'Sedan', type: 'private', maxPassengers: 4 },
    { name: 'Minivan', type: 'private', maxPassengers: 6 },
    { name: 'Wheelchair van', type: 'accessible', maxPassengers: 6 },
    { name: 'Shuttle bus', type: 'shared', maxPassengers: 20 },
    { name: 'School bus', type: 'shared', maxPassengers: 48 },
  ] as const;
  const svc: Record<string, number> = {};
  for (const s of SERVICE_DEFS) svc[s.name] = add('services', { ...s, sharedWith: [], ...stamp() });
  const S = {
    sedan: svc.Sedan as number,
    minivan: svc.Minivan as number,
    wheelchair: svc['Wheelchair van'] as number,
    shuttle: svc['Shuttle bus'] as number,
    school: svc['School bus'] as number,
  };

  // ---- rate types (global)
  const ageBands: Record<string, [number, number] | null> = {
    ordinary: null,
    'free 0-5': [0, 5],
    'free 6-11': [6, 11],
    'free 0-11': [0, 11],
  };
  for (const name of RATE_TYPES) {
    const band = ageBands[name] ?? null;
    add('ratetypes', {
      name,
      code: name === 'ordinary' ? 'ORD' : `FREE${name.slice(5).replace('-', '')}`,
      ...(band ? { minAge: band[0], maxAge: band[1] } : {}),
      ...stamp(),
    });
  }

  // ---- areas: one zone-pricing area per borough, a few large routing zones
  const zoneAreas: Record<UnitId, { id: number; borough: Borough }[]> = { 1: [], 2: [], 3: [] };
  const routingAreas: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  let colour = 0;
  for (const u of UNITS) {
    for (const b of BOROUGHS[u]) {
      const id = add('areas', {
        unit: u,
        name: b.name,
        type: 'zone-pricing',
        color: PALETTE[colour++ % PALETTE.length],
        map: { type: 'Polygon', coordinates: [boroughPolygon(b)] },
        ...stamp(),
      });
      zoneAreas[u].push({ id, borough: b });
    }
  }
  const ROUTING_ZONES: { unit: UnitId; name: string; lat: number; lon: number; rLat: number; rLon: number }[] = [
    { unit: 1, name: 'Montreal – downtown and east routing zone', lat: 45.535, lon: -73.565, rLat: 0.05, rLon: 0.06 },
    { unit: 1, name: 'Montreal – west and airport routing zone', lat: 45.48, lon: -73.69, rLat: 0.05, rLon: 0.08 },
    { unit: 2, name: 'Laval routing zone', lat: 45.575, lon: -73.72, rLat: 0.05, rLon: 0.09 },
    { unit: 3, name: 'Rive-Sud routing zone', lat: 45.52, lon: -73.46, rLat: 0.08, rLon: 0.08 },
  ];
  for (const z of ROUTING_ZONES) {
    routingAreas[z.unit].push(
      add('areas', {
        unit: z.unit,
        name: z.name,
        type: 'routing-zone',
        color: PALETTE[colour++ % PALETTE.length],
        map: { type: 'Polygon', coordinates: [boroughPolygon(z)] },
        ...stamp(),
      }),
    );
  }

  // ---- locations
  const locs: Record<UnitId, { id: number; place: Place }[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    for (const p of PLACES[u]) {
      const waits =
        p.type === 'airport'
          ? [
              { name: 'Domestic arrivals', minutes: 30 },
              { name: 'International arrivals', minutes: 60 },
            ]
          : [{ name: 'Standard', minutes: p.waitTime }];
      const id = add('locations', {
        unit: u,
        name: p.name,
        type: p.type,
        address: p.address,
        lat: p.lat,
        lon: p.lon,
        radius: p.radius,
        waitTime: p.waitTime,
        subLocations: (p.terminals ?? []).map((t) => ({ name: t.name, lat: t.lat, lon: t.lon })),
        waits,
        ...stamp(),
      });
      locs[u].push({ id, place: p });
    }
  }
  const placeOf = (p: Place): Place3 => ({ address: p.address, lat: p.lat, lon: p.lon });

  // ---- attributes and assign-priority groups
  const ATTRS = ['Bilingual (FR/EN)', 'Wheelchair certified', 'Child seat', 'Winter tires', 'Pet friendly'] as const;
  const attrs: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    ATTRS.forEach((name, i) => {
      attrs[u].push(
        add('attributes', {
          unit: u,
          name,
          assignPriority: i + 1,
          parameters: { required: name === 'Wheelchair certified' },
          ...stamp(),
        }),
      );
    });
  }
  for (const u of UNITS) {
    const a = attrs[u];
    add('assignPriorityGroups', {
      unit: u,
      name: 'Accessible trips',
      attributes: [a[1], a[2]],
      assignPriority: 1,
      ...stamp(),
    });
    add('assignPriorityGroups', {
      unit: u,
      name: 'Winter readiness',
      attributes: [a[3]],
      assignPriority: 2,
      ...stamp(),
    });
  }

  // ---- suppliers
  const SUPPLIERS: Record<UnitId, string[]> = {
    1: ['Transports Mont-Royal', 'Limousines Ville-Marie', 'Navettes Saint-Laurent'],
    2: ['Autobus Laval Nord', 'Transport scolaire des Prairies'],
    3: ['Navettes Rive-Sud', 'Transport Montarville'],
  };
  const suppliers: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    for (const name of SUPPLIERS[u]) {
      const c = person(u, 'example.ca');
      suppliers[u].push(
        add('suppliers', {
          unit: u,
          name,
          status: rng.chance(0.9) ? 'active' : 'inactive',
          areas: rng.sample(
            zoneAreas[u].map((z) => z.id),
            rng.int(2, 4),
          ),
          offPeak: { start: '22:00', end: '05:00', commission: rng.int(8, 14) },
          defaultCommission: rng.int(12, 20),
          priorityScoring: rng.int(1, 10),
          bookingLimitMinutes: rng.pick([30, 60, 120]),
          multiplePassengerDetails: rng.chance(0.5),
          maxPassengers: u === 2 ? 48 : rng.pick([6, 20]),
          contact: { firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email },
          ...stamp(),
        }),
      );
    }
    // the first supplier of each site is active, so every site has one to dispatch with
    const first = collections.suppliers.find((s) => s._id === suppliers[u][0]);
    if (first) first.status = 'active';
  }

  // ---- profiles
  const PROFILES: Record<UnitId, [string, string][]> = {
    1: [
      ['Retail customers', 'retail'],
      ['Website bookings', 'website'],
      ['Hôtel Place-d’Armes Group', 'hotel'],
      ['CIUSSS medical appointments', 'corporate'],
      ['Voyages Boréal', 'tourOperator'],
      ['Adapted transport partners', '3rdParty'],
      ['Individual accounts', 'individual'],
    ],
    2: [
      ['Laval school service centre', 'corporate'],
      ['Parents (direct)', 'individual'],
    ],
    3: [
      ['Aéro Rive-Sud employees', 'corporate'],
      ['Logistique Montarville staff', 'corporate'],
    ],
  };
  const profiles: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    PROFILES[u].forEach(([name, profileType], i) => {
      const c = person(u, 'example.ca');
      const discount = i === 0 ? 'none' : rng.pick(DISCOUNT_TYPES);
      profiles[u].push(
        add('profiles', {
          unit: u,
          name,
          status:
            i < 2
              ? 'active'
              : rng.weighted([
                  ['active', 8],
                  ['inactive', 1],
                  ['on hold', 1],
                ] as const),
          profileType,
          rateType: profileType === 'individual' && u === 2 ? 'free 6-11' : 'ordinary',
          sharedWith: [],
          email: `billing.${slug(name).slice(0, 16)}@example.ca`,
          phone: phone(u),
          startDate: fmtDay(today - rng.int(200, 900) * DAY),
          billing: {
            address: address(u).address,
            country: 'CA',
            state: 'QC',
            terms: rng.pick(['Net 30', 'Net 15', 'On receipt']),
          },
          contacts: [{ firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, role: 'billing' }],
          jobPreferences: { defaultPaymentType: profileType === 'corporate' ? 'direct bill' : 'card' },
          rules: {
            discount: { type: discount, value: discount === 'none' ? 0 : rng.pick([5, 10, 15]) },
            markup: { type: 'none', value: 0 },
          },
          ...stamp(),
        }),
      );
    });
  }

  // ---- extra services
  const EXTRAS = [
    ['Child seat', 'retail', 'Rear-facing or booster seat installed before pick-up', 1000, 500, 1, 0],
    ['Extra luggage', 'retail', 'More than two checked bags', 0, 500, 2, 0],
    ['Meet and greet', 'hotel', 'Driver waits in the arrivals hall with a name sign', 2500, 0, 1, 0],
    ['Pet carrier', 'individual', 'Small pet in a closed carrier', 1500, 0, 1, 0],
    ['Night surcharge', 'corporate', 'Trips between 23:00 and 05:00', 0, 0, 0, 1500],
  ] as const;
  for (const u of UNITS) {
    for (const [name, profileType, description, basePrice, extraPrice, baseUpTo, surcharge] of EXTRAS) {
      add('extraservices', {
        unit: u,
        name,
        profileType,
        description,
        basePrice: money(basePrice),
        extraPrice: money(extraPrice),
        baseUpTo,
        surcharge: money(surcharge),
        ...stamp(),
      });
    }
  }

  return { S, zoneAreas, locs, placeOf, attrs, suppliers, profiles, routingAreas };
}

export type DemoMasterData = ReturnType<typeof demoMasterData>;
