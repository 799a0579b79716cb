import type { ActName } from '@tc/domain';
import { collectionActs } from '../acts/collections/collection.acts.ts';
import { driverAppActs } from '../acts/drivers/driverApp.acts.ts';
import { driverActs } from '../acts/drivers/driverLogin.act.ts';
import { driverStatusActs } from '../acts/drivers/driverStatus.act.ts';
import { fareActs } from '../acts/fares/fares.acts.ts';
import { homeActs } from '../acts/insight/home.acts.ts';
import { importActs } from '../acts/insight/import.acts.ts';
import { reportActs } from '../acts/insight/reports.acts.ts';
import { shiftBookingActs } from '../acts/jobs/shiftBooking.ts';
import { shuttleBookingActs } from '../acts/jobs/shuttleBooking.ts';
import { liveActs } from '../acts/live/live.acts.ts';
import { optionActs } from '../acts/options/options.acts.ts';
import { outboxActs } from '../acts/outbox/outbox.acts.ts';
import { parentActs } from '../acts/parents/parents.acts.ts';
import { roadBlockActs } from '../acts/roadblocks/roadblocks.acts.ts';
import { roleActs } from '../acts/roles/roles.acts.ts';
import { sessionActs } from '../acts/session/session.acts.ts';
import { shiftActs } from '../acts/shifts/shifts.acts.ts';
import { shuttleActs } from '../acts/shuttles/shuttles.acts.ts';
import { routeActs } from '../acts/trips/route.acts.ts';
import { scheduleActs } from '../acts/trips/schedule.acts.ts';
import { tripActs } from '../acts/trips/trip.acts.ts';
import type { Act } from './act.ts';

/** Every act of the catalogue (`@tc/domain` protocol), each with its permission (a test walks this table). */
export const ACTS: Readonly<Record<ActName, Act>> = {
  ...sessionActs,
  ...collectionActs,
  ...roleActs,
  ...fareActs,
  ...parentActs,
  ...driverActs,
  ...driverStatusActs,
  ...driverAppActs,
  ...shiftActs,
  ...shiftBookingActs,
  ...shuttleBookingActs,
  ...shuttleActs,
  ...tripActs,
  ...routeActs,
  ...scheduleActs,
  ...outboxActs,
  ...optionActs,
  ...roadBlockActs,
  ...liveActs,
  ...homeActs,
  ...reportActs,
  ...importActs,
};
