import { base, en, en_CA, Faker } from '@faker-js/faker';
import dayjs from 'dayjs';
import { AREA_CODES, BOROUGHS, type Borough, pointIn, QC_FIRST_NAMES, QC_LAST_NAMES } from '../montreal.ts';
import { Rng } from '../prng.ts';
import {
  DAY,
  DEMO_COLLECTIONS,
  DEMO_ROLES,
  type DemoCollection,
  type DemoOptions,
  type Doc,
  HOUR,
  isoFromLocal,
  localFromInstant,
  MINUTE,
  type Person,
  type Place3,
  slug,
  type UnitId,
} from './common.ts';

/** The generator's state: options, the seeded generators, the collections being filled and the helpers every part uses (names, phones, addresses, record stamps). */
export function demoContext(options: DemoOptions) {
  const seed = options.seed ?? 42;
  const nowDate = options.now ?? dayjs.utc().startOf('day').toDate();
  const jobCount = Math.max(0, Math.floor(options.jobs ?? 5000));
  const passengerCount = Math.max(3, Math.floor(options.passengers ?? 500));
  /** Wall-clock present of the demo (Montreal time of `now`): before it is past, after it is coming. */
  const cut = localFromInstant(nowDate.getTime());
  const today = cut - (cut % DAY);

  const rng = new Rng(seed);
  const faker = new Faker({ locale: [en_CA, en, base] });
  faker.seed(seed);

  const collections = Object.fromEntries(DEMO_COLLECTIONS.map((c) => [c, [] as Doc[]])) as Record<
    DemoCollection,
    Doc[]
  >;
  function add(col: DemoCollection, fields: Record<string, unknown>): number {
    const list = collections[col];
    const _id = list.length + 1;
    list.push({ _id, ...fields });
    return _id;
  }

  // ---- name pools (faker, once)
  const firstNames: string[] = [...QC_FIRST_NAMES];
  const lastNames: string[] = [...QC_LAST_NAMES];
  for (let i = 0; i < 170; i++) {
    firstNames.push(faker.person.firstName());
    lastNames.push(faker.person.lastName().replace(/[^A-Za-zÀ-ÿ' -]/g, ''));
  }
  let emailSeq = 0;
  function person(unit: UnitId, domain = 'example.com'): Person {
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    emailSeq++;
    return {
      firstName,
      lastName,
      email: `${slug(firstName)}.${slug(lastName)}${emailSeq}@${domain}`,
      phone: phone(unit),
    };
  }
  function phone(unit: UnitId): string {
    let line = rng.int(0, 9999);
    if (line === 1212 || (line >= 100 && line <= 199)) line += 300;
    return `${rng.pick(AREA_CODES[unit])}-555-${String(line).padStart(4, '0')}`;
  }

  // ---- addresses
  function postal(b: Borough): string {
    const L = 'ABCEGHJKLMNPRSTVWXYZ';
    return `${b.postalPrefix} ${rng.int(1, 9)}${L[rng.int(0, L.length - 1)]}${rng.int(0, 9)}`;
  }
  function address(unit: UnitId, borough?: Borough): Place3 {
    const b = borough ?? rng.pick(BOROUGHS[unit]);
    const p = pointIn(b, rng.next(), rng.next());
    const civic = rng.chance(0.7) ? rng.int(100, 8999) : rng.int(10, 99) * 10 + rng.int(0, 9);
    return { address: `${civic} ${rng.pick(b.streets)}, ${b.city}, QC ${postal(b)}`, lat: p.lat, lon: p.lon };
  }

  // ---- record stamps
  const staffNames: Record<string, string> = {};
  for (const role of DEMO_ROLES) staffNames[role] = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  const masterAuthors = [staffNames.superadmin, staffNames.admin, staffNames.dispatchadmin] as string[];
  function stamp(author?: string, maxDaysAgo = 400): Record<string, unknown> {
    const created = today - rng.int(30, maxDaysAgo) * DAY + rng.int(8 * 60, 18 * 60) * MINUTE;
    const updated = Math.min(created + rng.int(0, 60) * DAY + rng.int(0, 600) * MINUTE, today - HOUR);
    return {
      createdAt: isoFromLocal(created),
      updatedAt: isoFromLocal(Math.max(created, updated)),
      createdBy: author ?? rng.pick(masterAuthors),
    };
  }

  return {
    today,
    rng,
    collections,
    add,
    person,
    phone,
    address,
    staffNames,
    stamp,
    passengerCount,
    faker,
    seed,
    nowDate,
    jobCount,
    cut,
  };
}

export type DemoContext = ReturnType<typeof demoContext>;
