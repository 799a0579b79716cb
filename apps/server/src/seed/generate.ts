/**
 * Deterministic demo operator (issue 2, section 7): three sites in the Montreal metropolitan area,
 * one login per role, master data, people, trips and reservations across past and coming weeks.
 * Same seed and `now` give the same data. Reservations are streamed in batches so the 1,000,000-job
 * benchmark never holds them all in memory: their hot path uses a fast seeded PRNG over
 * pre-generated pools, never faker.
 *
 * The parts run in order on one seeded generator (their order is part of the data): each takes
 * what the parts before it made (seed/demo/).
 */
import type { DemoData, DemoOptions } from './demo/common.ts';
import { demoContext } from './demo/context.ts';
import { demoMasterData } from './demo/masterData.ts';
import { demoOperations } from './demo/operations.ts';
import { demoPeople } from './demo/people.ts';
import { demoTripsAndJobs } from './demo/trips.ts';

export {
  AHEAD_DAYS,
  DEMO_COLLECTIONS,
  DEMO_ROLES,
  type DemoCollection,
  type DemoData,
  type DemoOptions,
  type Doc,
  fmtDay,
  fmtLocal,
  isoFromLocal,
  localFromInstant,
  PAST_DAYS,
  type Place3,
  SCHOOL_ADMIN_EMAIL,
} from './demo/common.ts';

export function generateDemo(options: DemoOptions = {}): DemoData {
  const context = demoContext(options);
  const master = { ...context, ...demoMasterData(context) };
  const people = { ...master, ...demoPeople(master) };
  const operations = { ...people, ...demoOperations(people) };
  return demoTripsAndJobs(operations);
}
