import valid from 'card-validator';
import { z } from 'zod';
import { vk } from '../resources/messages.ts';
import { cardNumber, requiredDateTime } from '../resources/schema.parts.ts';
import { minutesBetween } from './timeZone.ts';

/** A pickup this close to another of the same passenger, from and to, is a likely duplicate (spec section 8). */
export const DUPLICATE_WINDOW_MINUTES = 30;

/** Leg B of a round trip (protocol: `return` in the insert's data): its pickup date and time. */
export const returnSchema = z.strictObject({ date: requiredDateTime() });

/** A card to charge (protocol: `card` with paymentType card): charged, then discarded; never stored. */
export const cardSchema = z.strictObject({
  number: cardNumber(),
  expiry: z
    .string({ error: vk('required') })
    .trim()
    .refine((v) => valid.expirationDate(v).isValid, vk('cardExpiry')),
  cvv: z
    .string({ error: vk('required') })
    .trim()
    .regex(/^\d{3,4}$/, vk('cardCvv')),
});
export type Card = z.infer<typeof cardSchema>;

/** The card's brand as the card networks name it (visa, mastercard, ...), for the stored payment. */
export function cardBrand(number: string): string {
  return valid.number(number).card?.type ?? 'card';
}

type Job = Record<string, unknown>;

/** Leg B of a round trip: the same reservation from `to` back to `from`, at its own date; no flight of leg A. */
export function returnLeg(legA: Job, date: string): Job {
  const { from, to, flight: _flight, terminal: _terminal, ...rest } = legA;
  return { ...rest, from: to, to: from, date };
}

type Point = { address?: unknown; lat?: unknown; lon?: unknown };

/** Two places are the same: the same address (case and spaces aside), or within 100 m. */
export function samePlace(a: unknown, b: unknown): boolean {
  const p = (a ?? {}) as Point;
  const q = (b ?? {}) as Point;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toLowerCase() : '');
  if (text(p.address) !== '' && text(p.address) === text(q.address)) return true;
  if ([p.lat, p.lon, q.lat, q.lon].every((v) => typeof v === 'number')) {
    const dLat = ((q.lat as number) - (p.lat as number)) * 111_320;
    const dLon = ((q.lon as number) - (p.lon as number)) * 111_320 * Math.cos(((p.lat as number) * Math.PI) / 180);
    return Math.hypot(dLat, dLon) <= 100;
  }
  return false;
}

/**
 * Is `other` a likely duplicate of `job` (spec section 8): the same passenger, a pickup within 30
 * minutes, the same from and to; a canceled one is not.
 */
export function isLikelyDuplicate(job: Job, other: Job, zone: string): boolean {
  if (other.status === 'canceled') return false;
  if (job.passenger === undefined || job.passenger !== other.passenger) return false;
  if (typeof job.date !== 'string' || typeof other.date !== 'string') return false;
  if (Math.abs(minutesBetween(zone, job.date, other.date)) > DUPLICATE_WINDOW_MINUTES) return false;
  return samePlace(job.from, other.from) && samePlace(job.to, other.to);
}

/**
 * Is a pickup at `date` booked at `now` inside a booking limitation of `minutes` (a supplier's
 * "booking limitation in minutes before")? Both are site-local times of `zone`.
 */
export function insideLimitation(date: string, now: string, minutes: number, zone: string): boolean {
  return minutes > 0 && minutesBetween(zone, now, date) < minutes;
}
