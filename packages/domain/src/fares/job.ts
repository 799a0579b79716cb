/**
 * Glue for the `getjobfares` act: a stored (or draft) job record to a fare request, and the
 * engine's options from the `settings` collection. Both only reshape data; validation stays in
 * {@link computeJobFares}, so a bad job still gets the engine's 400 messages.
 */
import type { FareOptions } from './engine.ts';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** A job's address ({address, lat, lon|lng} or {lat, lng}) as a request point; other shapes pass through for the schema to refuse. */
function point(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { lat: num(v.lat) ?? v.lat, lon: num(v.lon ?? v.lng) ?? v.lon ?? v.lng };
  if (typeof v.address === 'string') out.address = v.address;
  const location = num(v.location ?? v.locationId);
  if (location !== undefined) out.location = location;
  return out;
}

/** Job extra services as [{id, quantity}]: plain ids, or objects with id/_id/extraService and quantity/count. */
function extras(v: unknown): unknown {
  if (!Array.isArray(v)) return undefined;
  return v.map((e) => {
    if (!isObj(e)) return { id: num(e) ?? e, quantity: 1 };
    return { id: num(e.id ?? e._id ?? e.extraService) ?? e.id, quantity: num(e.quantity ?? e.count) ?? 1 };
  });
}

/**
 * Builds a fare request from a job record: `unit`, `profile`, `from`, `to`, `date`, `seats`,
 * `service`, `extraServices`, `tag`; `adults` and `infants` become the age bands (infants are
 * in the 0-5 band; `children0to5` / `children6to11` are read when present).
 */
export function fareRequestFromJob(job: unknown): unknown {
  if (!isObj(job)) return job;
  const req: Obj = { unit: num(job.unit) ?? job.unit, from: point(job.from), to: point(job.to), date: job.date };
  const profile = num(job.profile);
  if (profile !== undefined) req.profile = profile;
  const seats = num(job.seats);
  if (seats !== undefined && seats >= 1) req.seats = seats;
  const service = num(job.service);
  if (service !== undefined) req.service = service;
  if (typeof job.tag === 'string' && job.tag !== '') req.tag = job.tag;
  const adults = num(job.adults);
  const young = (num(job.infants) ?? 0) + (num(job.children0to5) ?? 0);
  const older = num(job.children6to11) ?? 0;
  if (adults !== undefined || young > 0 || older > 0)
    req.passengers = { adults: adults ?? 0, age0to5: young, age6to11: older };
  const extraServices = extras(job.extraServices);
  if (extraServices !== undefined) req.extraServices = extraServices;
  return req;
}

/** Setting names read by {@link fareOptionsFromSettings}. */
export const FARE_SETTINGS = { detourFactor: 'fare detour factor' } as const;

/**
 * Engine options from `settings` records ({name, value, unit}); a site's own value wins over the
 * system-wide one (unit null or absent), as elsewhere in the console. Values that are not usable
 * numbers (a detour factor must be at least 1) are ignored.
 */
export function fareOptionsFromSettings(settings: readonly unknown[], unit: number): FareOptions {
  let site: number | undefined;
  let system: number | undefined;
  for (const s of settings) {
    if (!isObj(s) || s.name !== FARE_SETTINGS.detourFactor) continue;
    const value = num(s.value);
    if (value === undefined || value < 1) continue;
    if (s.unit === unit) site = value;
    else if (s.unit === null || s.unit === undefined) system = value;
  }
  const detourFactor = site ?? system;
  return detourFactor === undefined ? {} : { detourFactor };
}
