import { PAYMENT_TYPES, PER_AREA_MATCH_MAX, SUSPENSION_REASONS } from '@tc/domain';
import { DAY, DEMO_ROLES, type DriverRef, fmtDay, type PassengerRef, UNITS, type UnitId } from './common.ts';
import type { DemoContext } from './context.ts';
import type { DemoMasterData } from './masterData.ts';

/** Staff logins, vehicles, drivers, passengers, students with their parents, and employees. */
export function demoPeople(g: DemoContext & DemoMasterData) {
  const {
    passengerCount,
    today,
    rng,
    faker,
    add,
    person,
    phone,
    address,
    staffNames,
    stamp,
    S,
    zoneAreas,
    locs,
    placeOf,
    attrs,
    suppliers,
    profiles,
  } = g;
  // ---- staff users (one login per role), first one is the owner
  for (const role of DEMO_ROLES) {
    const [firstName = 'Demo', lastName = 'User'] = (staffNames[role] as string).split(' ');
    add('users', {
      email: `${role}@demo.local`,
      firstName,
      lastName,
      phone: phone(1),
      role,
      unit: 1,
      status: 'active',
      language: 'en',
      ...(role === 'supplier' ? { supplier: suppliers[1][0] } : {}),
      ...(role === 'passenger'
        ? { profiles: [profiles[1][0]], paymentTypes: ['card'], code: 'P000000', home: address(1), ada: false }
        : {}),
      ...stamp(role === 'superadmin' ? 'system' : staffNames.superadmin, 500),
    });
  }

  // ---- vehicles
  const CAR_MODELS: Record<UnitId, { make: string; model: string; pax: number; wc: number; services: number[] }[]> = {
    1: [
      { make: 'Toyota', model: 'Camry Hybrid', pax: 4, wc: 0, services: [S.sedan] },
      { make: 'Toyota', model: 'Prius', pax: 4, wc: 0, services: [S.sedan] },
      { make: 'Toyota', model: 'Sienna', pax: 6, wc: 0, services: [S.sedan, S.minivan] },
      { make: 'Chrysler', model: 'Pacifica', pax: 6, wc: 0, services: [S.sedan, S.minivan] },
      { make: 'Dodge', model: 'Grand Caravan (adapted)', pax: 5, wc: 1, services: [S.minivan, S.wheelchair] },
      { make: 'Ford', model: 'Transit 350 (adapted)', pax: 6, wc: 2, services: [S.wheelchair] },
    ],
    2: [
      { make: 'Blue Bird', model: 'Vision', pax: 48, wc: 0, services: [S.school] },
      { make: 'Girardin', model: 'MiniBus G5', pax: 24, wc: 2, services: [S.school, S.wheelchair] },
      { make: 'Chrysler', model: 'Pacifica', pax: 6, wc: 0, services: [S.minivan] },
    ],
    3: [
      { make: 'Ford', model: 'E-450 Shuttle', pax: 20, wc: 1, services: [S.shuttle] },
      { make: 'Mercedes-Benz', model: 'Sprinter 2500', pax: 14, wc: 0, services: [S.shuttle, S.minivan] },
      { make: 'Toyota', model: 'Sienna', pax: 6, wc: 0, services: [S.minivan, S.sedan] },
    ],
  };
  const COLORS = ['Black', 'White', 'Silver', 'Grey', 'Dark blue', 'Red', 'Yellow'];
  const carCounts: Record<UnitId, number> = { 1: 28, 2: 6, 3: 6 };
  const cars: Record<UnitId, { id: number; supplier: number; services: number[]; pax: number }[]> = {
    1: [],
    2: [],
    3: [],
  };
  const unitCode: Record<UnitId, string> = { 1: 'MTL', 2: 'LAV', 3: 'LGL' };
  for (const u of UNITS) {
    for (let i = 0; i < carCounts[u]; i++) {
      const m = CAR_MODELS[u][i % CAR_MODELS[u].length] as (typeof CAR_MODELS)[1][number];
      const year = rng.int(2017, 2025);
      const supplier = suppliers[u][i % suppliers[u].length] as number;
      const last = today - rng.int(10, 170) * DAY;
      const L = 'ABCDEFGHJKLMNPRSTVWXYZ';
      const plate = `${L[rng.int(0, L.length - 1)]}${rng.int(10, 99)} ${L[rng.int(0, L.length - 1)]}${L[rng.int(0, L.length - 1)]}${L[rng.int(0, L.length - 1)]}`;
      const insStart = today - rng.int(30, 300) * DAY;
      const mileage = rng.int(8000, 240000);
      const color = u === 2 && m.pax > 6 ? 'Yellow' : rng.pick(COLORS.slice(0, 6));
      const code = `${unitCode[u]}-${String(i + 1).padStart(3, '0')}`;
      const suspended = i === 5 && u === 1;
      cars[u].push({
        id: add('cars', {
          unit: u,
          name: `${m.make} ${m.model} ${code}`,
          year,
          make: m.make,
          model: m.model,
          color,
          code,
          productID: faker.vehicle.vin(),
          licensePlate: plate,
          mileage,
          mileageAtLastInspection: mileage - rng.int(500, 8000),
          pax: m.pax,
          minSeats: m.pax > 10 ? 4 : 1,
          wheelchair: m.wc,
          services: m.services,
          suppliers: [supplier],
          insurances: [
            { type: 'liability', start: fmtDay(insStart), end: fmtDay(insStart + 365 * DAY) },
            { type: 'collision', start: fmtDay(insStart), end: fmtDay(insStart + 365 * DAY) },
          ],
          lastInspection: fmtDay(last),
          nextInspection: fmtDay(last + 182 * DAY),
          licenseExpiry: fmtDay(insStart + 2 * 365 * DAY),
          attributes: rng.sample(attrs[u], rng.int(0, 2)),
          status: suspended ? 'suspended' : 'active',
          ...(suspended ? { suspended: true, suspension: { reason: 'temporarily suspended' } } : {}),
          ...stamp(),
        }),
        supplier,
        services: m.services,
        pax: m.pax,
      });
    }
  }

  // ---- drivers
  const driverCounts: Record<UnitId, number> = { 1: 36, 2: 7, 3: 7 };
  const drivers: Record<UnitId, DriverRef[]> = { 1: [], 2: [], 3: [] };
  let driverNo = 0;
  for (const u of UNITS) {
    for (let i = 0; i < driverCounts[u]; i++) {
      const p = person(u);
      const car = cars[u][i % cars[u].length] as { id: number; supplier: number; services: number[]; pax: number };
      const suspended = (u === 1 && (i === 7 || i === 21)) || (u === 3 && i === 4);
      driverNo++;
      const id = add('drivers', {
        unit: u,
        firstName: p.firstName,
        lastName: p.lastName,
        displayName: `${p.firstName} ${p.lastName.charAt(0)}.`,
        phone: p.phone,
        email: p.email,
        driverStatus: suspended
          ? 'offline'
          : rng.weighted([
              ['offline', 4],
              ['online', 3],
              ['en_route', 2],
              ['break', 1],
            ] as const),
        ...(suspended ? { suspended: true, suspension: { reason: rng.pick(SUSPENSION_REASONS) } } : {}),
        car: car.id,
        assignedCar: car.id,
        startAddress: address(u),
        firstTripDistance: rng.int(3, 20),
        firstTripDistanceUnit: rng.chance(0.8) ? 'km' : 'miles',
        services: car.services,
        areas: rng.sample(
          zoneAreas[u].map((z) => z.id),
          rng.int(1, 3),
        ),
        externalId: `DRV-${String(driverNo).padStart(4, '0')}`,
        perAreaMatch: rng.weighted([
          [0, 6],
          [PER_AREA_MATCH_MAX, 1],
          [rng.int(1, 5000), 3],
        ] as const),
        suppliers: [car.supplier],
        attributes: rng.sample(attrs[u], rng.int(0, 3)),
        status: 'active',
        ...stamp(),
      });
      if (!suspended)
        drivers[u].push({ id, unit: u, supplier: car.supplier, car: car.id, services: car.services, pax: car.pax });
    }
  }

  // ---- the driver app's logins (docs/live.md): the demo driver signs in as the first driver of
  // site 1, and every other working driver of site 1 with its own email, as the drivers screen's
  // sign-in password makes them (`npm run simulate` drives them)
  const driverLogin = g.collections.users?.find((u) => u.email === 'driver@demo.local');
  const first = drivers[1][0];
  if (driverLogin && first) driverLogin.driver = first.id;
  for (const d of drivers[1].slice(1)) {
    const record = g.collections.drivers?.find((r) => r._id === d.id);
    add('users', {
      email: record?.email,
      firstName: record?.firstName,
      lastName: record?.lastName,
      phone: record?.phone,
      role: 'driver',
      driver: d.id,
      unit: 1,
      status: 'active',
      language: 'en',
      ...stamp(staffNames.dispatchadmin, 90),
    });
  }

  // ---- passengers (role passenger) on all three sites
  const passengers: Record<UnitId, PassengerRef[]> = { 1: [], 2: [], 3: [] };
  const share2 = Math.max(1, Math.round(passengerCount * 0.15));
  const share3 = Math.max(1, Math.round(passengerCount * 0.15));
  for (let i = 0; i < passengerCount; i++) {
    const u: UnitId = i < passengerCount - share2 - share3 ? 1 : i < passengerCount - share3 ? 2 : 3;
    const p = person(u);
    const home = address(u);
    const work = rng.chance(0.6) ? address(u) : undefined;
    const ada = rng.chance(0.08);
    const profile = rng.chance(0.6) ? (profiles[u][0] as number) : rng.pick(profiles[u]);
    const paymentTypes =
      u === 2
        ? ['free']
        : u === 3
          ? ['direct bill', ...(rng.chance(0.3) ? ['opus monthly'] : [])]
          : rng.sample(PAYMENT_TYPES as readonly string[], rng.int(1, 3));
    const status = rng.weighted([
      ['active', 95],
      ['suspended', 3],
      ['inactive', 2],
    ] as const);
    const created = stamp(rng.pick([staffNames.agent, staffNames.superagent]) as string);
    const id = add('users', {
      unit: u,
      role: 'passenger',
      ...p,
      ...(rng.chance(0.3) ? { additionalPhone: phone(u) } : {}),
      code: `P${String(100000 + i * 7 + rng.int(0, 6))}`,
      ada,
      profiles: [profile],
      home,
      ...(work ? { work } : {}),
      paymentTypes,
      ...(paymentTypes.some((t) => t.startsWith('opus'))
        ? { opusCard: String(rng.int(100000, 999999)) + String(rng.int(100000, 999999)) }
        : {}),
      ...(ada
        ? {
            health: {
              certificationDate: fmtDay(today - rng.int(100, 700) * DAY),
              expirationDate: fmtDay(today + rng.int(30, 700) * DAY),
              disabilityAidTools: [rng.pick(['wheelchair', 'walker', 'cane', 'guide dog'])],
            },
          }
        : {}),
      status,
      ...(status === 'suspended' ? { suspended: true, suspension: { reason: rng.pick(SUSPENSION_REASONS) } } : {}),
      language: rng.chance(0.6) ? 'fr' : 'en',
      ...created,
    });
    if (status === 'active') {
      passengers[u].push({
        id,
        unit: u,
        ...p,
        home,
        ...(work ? { work } : {}),
        profile,
        paymentTypes,
        ada,
      });
    }
  }

  // ---- students (site 2) and their parents
  const schools = locs[2].filter((l) => l.place.type === 'school');
  const students: number[] = [];
  for (let i = 0; i < 60; i++) {
    const p = person(2);
    const age = rng.int(6, 16);
    const school = rng.pick(schools);
    const secondary = age >= 12;
    students.push(
      add('users', {
        unit: 2,
        role: 'student',
        ...p,
        dateOfBirth: fmtDay(Date.UTC(2025 - age, rng.int(0, 11), rng.int(1, 28))),
        gender: rng.chance(0.5) ? 'male' : 'female',
        mainAddress: address(2),
        ...(rng.chance(0.2) ? { alternateAddress: address(2) } : {}),
        school: school.place.name,
        academicYear: '2025-2026',
        level: secondary ? `Secondary ${age - 11}` : `Grade ${age - 5}`,
        class: `${secondary ? age - 11 : age - 5}${rng.pick(['A', 'B', 'C'])}`,
        profiles: [profiles[2][0]],
        status: 'active',
        language: 'fr',
        ...stamp(staffNames.superagent),
      }),
    );
  }
  let s = 0;
  while (s < students.length) {
    const n = Math.min(
      rng.weighted([
        [1, 5],
        [2, 4],
        [3, 1],
      ] as const),
      students.length - s,
    );
    const children = students.slice(s, s + n);
    s += n;
    const p = person(2);
    const created = stamp(staffNames.superagent);
    add('users', {
      unit: 2,
      role: 'parent',
      ...p,
      ...(rng.chance(0.3) ? { additionalPhone: phone(2) } : {}),
      address: address(2),
      children,
      profile: profiles[2][1],
      status: rng.chance(0.9) ? 'Active' : 'Inactive',
      registerWith: rng.pick(['email', 'phone']),
      registerDate: String(created.createdAt).slice(0, 10),
      language: 'fr',
      ...created,
    });
  }

  // ---- employees (site 3)
  const workplaces = locs[3].filter((l) => l.place.type === 'work');
  for (let i = 0; i < 60; i++) {
    const p = person(3);
    const wp = rng.pick(workplaces);
    add('users', {
      unit: 3,
      role: 'employee',
      ...p,
      code: `E${String(20000 + i)}`,
      home: address(3),
      work: placeOf(wp.place),
      profiles: [profiles[3][wp === workplaces[0] ? 0 : 1]],
      paymentTypes: ['direct bill'],
      status: rng.chance(0.95) ? 'active' : 'inactive',
      language: rng.chance(0.7) ? 'fr' : 'en',
      ...stamp(staffNames.agent),
    });
  }

  return { unitCode, drivers, schools, workplaces, passengers };
}

export type DemoPeople = ReturnType<typeof demoPeople>;
