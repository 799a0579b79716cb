import { describe, expect, it } from 'vitest';
import { cardBrand, cardSchema, insideLimitation, isLikelyDuplicate, returnLeg } from './booking.ts';

const zone = 'America/New_York';
const A = { address: '1 Main St', lat: 45.5, lon: -73.6 };
const B = { address: 'Airport', lat: 45.47, lon: -73.74 };

describe('booking rules', () => {
  it('finds a likely duplicate: same passenger, from and to, within 30 minutes', () => {
    const job = { passenger: 7, date: '2026-05-01 08:00', from: A, to: B };
    expect(isLikelyDuplicate(job, { ...job, date: '2026-05-01 08:30' }, zone)).toBe(true);
    expect(isLikelyDuplicate(job, { ...job, date: '2026-05-01 08:31' }, zone)).toBe(false);
    expect(isLikelyDuplicate(job, { ...job, passenger: 8 }, zone)).toBe(false);
    expect(isLikelyDuplicate(job, { ...job, from: B, to: A }, zone)).toBe(false);
    expect(isLikelyDuplicate(job, { ...job, status: 'canceled' }, zone)).toBe(false);
    // the same place typed otherwise, or a few metres away
    expect(
      isLikelyDuplicate(
        job,
        { ...job, from: { address: ' 1 main  st ' }, to: { ...B, address: 'x', lat: 45.4702 } },
        zone,
      ),
    ).toBe(true);
  });

  it('makes leg B from leg A: from and to swapped, its own date, no flight', () => {
    const legA = { unit: 1, from: A, to: B, date: '2026-05-01 08:00', flight: { number: '12' }, seats: 2 };
    expect(returnLeg(legA, '2026-05-03 18:00')).toEqual({
      unit: 1,
      from: B,
      to: A,
      date: '2026-05-03 18:00',
      seats: 2,
    });
  });

  it('tells a booking inside the limitation', () => {
    expect(insideLimitation('2026-05-01 08:00', '2026-05-01 07:30', 60, zone)).toBe(true);
    expect(insideLimitation('2026-05-01 08:00', '2026-05-01 06:30', 60, zone)).toBe(false);
    expect(insideLimitation('2026-05-01 08:00', '2026-05-01 07:59', 0, zone)).toBe(false);
  });

  it('checks a card: Luhn, expiry, CVV', () => {
    expect(cardSchema.safeParse({ number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123' }).success).toBe(true);
    expect(
      cardSchema.safeParse({ number: '4242 4242 4242 4241', expiry: '12/39', cvv: '123' }).error?.issues[0]?.message,
    ).toBe('validation.cardInvalid');
    expect(
      cardSchema.safeParse({ number: '4242424242424242', expiry: '01/20', cvv: '123' }).error?.issues[0]?.message,
    ).toBe('validation.cardExpiry');
    expect(
      cardSchema.safeParse({ number: '4242424242424242', expiry: '12/39', cvv: '12' }).error?.issues[0]?.message,
    ).toBe('validation.cardCvv');
    expect(cardBrand('4242424242424242')).toBe('visa');
  });
});
