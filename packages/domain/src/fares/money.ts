/**
 * Money helpers. The engine counts in integer cents so that sums are exact; stored records and
 * the act's answer use currency units (45.5 = 45 dollars 50 cents).
 */

/**
 * Rounds half away from zero. `toPrecision(12)` first removes binary noise such as
 * 1.005 * 100 = 100.49999999999999, which would otherwise round the wrong way.
 */
export function roundHalfAwayFromZero(x: number): number {
  if (Number.isInteger(x)) return x || 0;
  const a = Math.abs(x);
  const frac = a - Math.floor(a);
  // Only values within noise of a half need the slower clean-up.
  const clean = Math.abs(frac - 0.5) < 1e-6 ? Number(a.toPrecision(12)) : a;
  return Math.sign(x) * Math.round(clean) || 0;
}

/** Currency units (as stored in records) to integer cents, half away from zero. */
export function toCents(units: number): number {
  return roundHalfAwayFromZero(units * 100);
}

/** Integer cents to currency units, for presentation. */
export function fromCents(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/** `percent` % of an amount in cents, rounded to the cent (half away from zero). */
export function percentOf(cents: number, percent: number): number {
  return roundHalfAwayFromZero((cents * percent) / 100);
}

/** Rounds cents to whole currency units: to the nearest (half away from zero) or up (towards +infinity). */
export function roundToUnit(cents: number, mode: 'nearest' | 'up'): number {
  if (mode === 'up') return Math.ceil(Number((cents / 100).toPrecision(12))) * 100 || 0;
  return roundHalfAwayFromZero(cents / 100) * 100;
}
