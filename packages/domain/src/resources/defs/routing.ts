import { z } from 'zod';
import { SCHEDULE_LIMITS, SCHEDULE_REPEATS } from '../../trips/schedule.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import { oneOf, optionalTime, requiredText, siteId } from '../schema.parts.ts';
import { ACTIVE_INACTIVE } from './catalog.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

/** A whole number within a schedule limit, blank allowed (the scheduler's default then). */
const within = (limit: { min: number; max: number }, message: Parameters<typeof vk>[0]) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .number({ error: vk('number') })
      .int(vk('integer'))
      .min(limit.min, vk(message))
      .max(limit.max, vk(message))
      .optional(),
  );

/**
 * A routing schedule (add-on module 550, docs/routing.md): a site routes itself daily at a time
 * for a day ahead, or every few minutes for the next hours, as a dispatcher's "Route a day" run
 * (route, or route and assign), its runs listed with their outcome. Kept by those who route.
 */
export const routingSchedules: ResourceDef = resource({
  key: 'routingSchedules',
  actions: ['scheduledRuns'],
  collection: 'routingSchedules',
  entity: 'Routing Schedule',
  schema: z
    .looseObject({
      unit: siteId(),
      name: requiredText(),
      status: z.enum(ACTIVE_INACTIVE).default('active'),
      assign: z.boolean().optional(),
      repeat: oneOf(SCHEDULE_REPEATS),
      time: optionalTime(),
      daysAhead: within(SCHEDULE_LIMITS.daysAhead, 'daysAhead'),
      minutes: within(SCHEDULE_LIMITS.minutes, 'scheduleMinutes'),
      hoursAhead: within(SCHEDULE_LIMITS.hoursAhead, 'maxShiftHours'),
      seconds: within(SCHEDULE_LIMITS.seconds, 'searchSeconds'),
    })
    .superRefine((s, ctx) => {
      // a daily schedule needs its time; one every few minutes, how many
      if (s.repeat === 'daily' && !s.time) ctx.addIssue({ code: 'custom', path: ['time'], message: vk('required') });
      if (s.repeat === 'interval' && s.minutes === undefined)
        ctx.addIssue({ code: 'custom', path: ['minutes'], message: vk('required') });
    }),
  defaults: { status: 'active', repeat: 'daily', time: '18:00', daysAhead: 1, assign: false, seconds: 10 },
  columns: [
    { field: 'name', link: true },
    { field: 'status', format: 'enum', filter: 'enum', options: ACTIVE_INACTIVE, optionsKey: 'activeStatus' },
    { field: 'repeat', format: 'enum', filter: 'enum', options: SCHEDULE_REPEATS, optionsKey: 'scheduleRepeat' },
    { field: 'time' },
    { field: 'daysAhead' },
    { field: 'minutes' },
    { field: 'hoursAhead' },
    { field: 'assign', format: 'bool' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'routingSchedule',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'status', input: 'select', options: ACTIVE_INACTIVE, optionsKey: 'activeStatus' },
        { name: 'assign', input: 'switch' },
        { name: 'repeat', input: 'select', options: SCHEDULE_REPEATS, optionsKey: 'scheduleRepeat', required: true },
        { name: 'time', input: 'time' },
        { name: 'daysAhead', input: 'number' },
        { name: 'minutes', input: 'number' },
        { name: 'hoursAhead', input: 'number' },
        { name: 'seconds', input: 'number' },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['name'],
  tabs: ['history'],
});
