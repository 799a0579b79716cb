import { randomUUID } from 'node:crypto';
import { type Card, cardBrand, ERROR_TEXTS } from '@tc/domain';

/** A charge the provider took: what the console keeps of it (never the number or the CVV). */
export interface Charge {
  reference: string;
  brand: string;
  last4: string;
  amount: number;
}

/** The provider refused the charge (declined, insufficient funds): "Payment Failed, Please Try Again". */
export class PaymentRefused extends Error {
  constructor() {
    super(ERROR_TEXTS.paymentFailed);
  }
}

/**
 * Where card payments go. A real provider (a payment gateway's SDK) implements the same two calls;
 * the card is handed over, charged, and forgotten by the console.
 */
export interface PaymentProvider {
  /** Charges `amount` (in the site's currency) to `card`; throws PaymentRefused when refused. */
  charge(card: Card, amount: number, description: string): Promise<Charge>;
  /** Gives back a charge (a booking that failed after its charge, a refund). */
  refund(reference: string): Promise<void>;
}

/** Cards the test provider declines (the usual gateways' test numbers for a declined card). */
export const DECLINED_TEST_CARDS: ReadonlySet<string> = new Set(['4000000000000002', '4000000000009995']);

/**
 * The built-in test provider: accepts any valid card (the schema checked its Luhn digit, expiry
 * and CVV) but the declined test cards, and keeps its charges in memory.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly charges = new Map<string, Charge & { refunded: boolean }>();

  async charge(card: Card, amount: number): Promise<Charge> {
    if (DECLINED_TEST_CARDS.has(card.number)) throw new PaymentRefused();
    const charge = {
      reference: `test_${randomUUID()}`,
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      amount,
    };
    this.charges.set(charge.reference, { ...charge, refunded: false });
    return charge;
  }

  async refund(reference: string): Promise<void> {
    const c = this.charges.get(reference);
    if (c) c.refunded = true;
  }
}
