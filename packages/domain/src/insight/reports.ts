import { z } from 'zod';
import { vk } from '../resources/messages.ts';

/**
 * The eight reports of spec section 2 (docs/reports.md): each report page has one or more types
 * (spec section 9's report types where they fit), a period and filters; the server computes each
 * type with one SQL aggregate (act `report`).
 */
export const REPORT_TYPES = {
  'trips-pax-reports': ['total trips/passengers', 'daily summary', 'delays'],
  'shuttle-reports': ['shuttle report', 'shuttle passengers'],
  'unique-drivers-report': ['unique drivers per day'],
  'drivers-reports': ['driver report'],
  'vehicles-reports': ['vehicle occupancy'],
  'bill-reports': ['bill report', 'passenger cost pareto'],
  'holiday-reports': ['holiday report'],
  'holidaytariff-reports': ['holiday tariff report'],
} as const;

export type ReportName = keyof typeof REPORT_TYPES;
export const REPORT_NAMES = Object.keys(REPORT_TYPES) as ReportName[];
export type ReportType = (typeof REPORT_TYPES)[ReportName][number];

/** The filters a report takes besides its site and period. */
export const REPORT_FILTERS: Record<ReportName, readonly ('service' | 'supplier' | 'profile' | 'driver')[]> = {
  'trips-pax-reports': ['service', 'profile', 'driver', 'supplier'],
  'shuttle-reports': ['profile'],
  'unique-drivers-report': ['service', 'supplier'],
  'drivers-reports': ['service', 'supplier', 'driver'],
  'vehicles-reports': ['service', 'supplier'],
  'bill-reports': ['service', 'profile'],
  'holiday-reports': ['service', 'profile'],
  'holidaytariff-reports': ['service', 'profile'],
};

/** A period is at most this many days (a report is a business question, not an export). */
export const REPORT_MAX_DAYS = 366;

/** How a column's values read: text, a count, an amount of money, a share (0 to 100), a day, minutes, km or hours. */
export type ReportColumnKind = 'text' | 'count' | 'money' | 'percent' | 'day' | 'minutes' | 'km' | 'hours';

export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
}

export type ReportCell = string | number | null;

export interface ReportAnswer {
  report: ReportName;
  type: ReportType;
  from: string;
  to: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  /** The totals line: a figure per column that has one (sums, or what docs/reports.md says). */
  totals: Record<string, ReportCell>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string({ error: vk('required') })
  .regex(DAY, vk('dateInvalid'))
  .refine((d) => !Number.isNaN(Date.parse(d)), vk('dateInvalid'));
const id = z.number().int().positive().optional();

/** What a report is asked with (spec section 5: type, start date and end date required). */
export const reportRequest = z
  .object({
    report: z.enum(REPORT_NAMES as [ReportName, ...ReportName[]], { error: vk('oneOf') }),
    type: z.string({ error: vk('required') }).min(1, vk('required')),
    from: day,
    to: day,
    unit: id,
    service: id,
    supplier: id,
    profile: id,
    driver: id,
  })
  .superRefine((r, ctx) => {
    if (!(REPORT_TYPES[r.report] as readonly string[]).includes(r.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: vk('oneOf') });
    }
    if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: vk('endBeforeStart') });
    else if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: vk('reportTooLong') });
    }
  });
export type ReportRequest = z.infer<typeof reportRequest>;

/** What the analytics charts are asked with: a site and a period (at most 366 days). */
export const analyticsRequest = z.object({ from: day, to: day, unit: id }).superRefine((r, ctx) => {
  if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: vk('endBeforeStart') });
  else if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: vk('reportTooLong') });
  }
});

/** The analytics of a period (act `analytics`; docs/reports.md): one value per day of `days` in each series. */
export interface Analytics {
  from: string;
  to: string;
  days: string[];
  /** Reservations per day by status, and trips per day by status. */
  jobs: Record<string, number[]>;
  trips: Record<string, number[]>;
  /** Pick-ups per day and those on time (at most `lateMinutes` after the reservation's time). */
  onTime: { pickups: number[]; onTime: number[]; lateMinutes: number };
  /** Trips not canceled: planned hours and km, and seats over the vehicles' pax (%). */
  vehicles: { hours: number[]; km: number[]; occupancy: (number | null)[] };
  /** Reservations in a trip with another reservation (%), and riders' minutes beyond the direct drive. */
  sharing: { ratio: (number | null)[]; detour: (number | null)[] };
  /** Revenue of the period's reservations not canceled, by service and by profile. */
  revenue: { byService: { name: string; value: number }[]; byProfile: { name: string; value: number }[] };
}
