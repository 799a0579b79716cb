/**
 * Presentation of a quote: the act answers money in currency units (cents / 100, a number with at
 * most two decimals), the unit the forms and the stored job `price` use.
 */
import type { FareBreakdown, JobFare, JobFaresResult } from './engine.ts';
import { fromCents } from './money.ts';

/** Every money field of a fare converted from cents to currency units; everything else unchanged. */
export function presentJobFare(fare: JobFare): JobFare {
  const b = fare.breakdown;
  const breakdown: FareBreakdown = {
    ...b,
    rate: { ...b.rate, unitPrice: fromCents(b.rate.unitPrice) },
    additions: b.additions.map((a) => ({ ...a, amount: fromCents(a.amount) })),
    extraServices: b.extraServices.map((e) => ({ ...e, amount: fromCents(e.amount) })),
    subtotal: fromCents(b.subtotal),
    profile: b.profile && {
      ...b.profile,
      ...(b.profile.discount
        ? { discount: { ...b.profile.discount, amount: fromCents(b.profile.discount.amount) } }
        : {}),
      ...(b.profile.markup ? { markup: { ...b.profile.markup, amount: fromCents(b.profile.markup.amount) } } : {}),
    },
  };
  return {
    code: fare.code,
    service: fare.service,
    price: fromCents(fare.price),
    addition: fromCents(fare.addition),
    total: fromCents(fare.total),
    breakdown,
  };
}

/** The act's answer `{fares}` in currency units. */
export function presentJobFares(result: JobFaresResult): JobFaresResult {
  return { fares: result.fares.map(presentJobFare) };
}
