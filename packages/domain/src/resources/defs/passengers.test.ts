import { describe, expect, it } from 'vitest';
import { validationText } from '../messages.ts';
import { passengers } from './passengers.ts';

const valid = { unit: 1, firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', profiles: [3] };

/** The English message of the first issue on a field, or undefined when the record passes. */
function messageOn(data: Record<string, unknown>, field: string): string | undefined {
  const r = passengers.schema.safeParse(data);
  if (r.success) return undefined;
  const issue = r.error.issues.find((i) => i.path.join('.') === field);
  return issue ? validationText(issue.message) : undefined;
}

describe('passenger schema (spec section 5)', () => {
  it('accepts a complete passenger', () => {
    expect(passengers.schema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['firstName', { firstName: '' }, 'This field is required'],
    ['firstName', { firstName: 'A' }, 'Must be 2 to 30 characters'],
    ['lastName', { lastName: 'x'.repeat(31) }, 'Must be 2 to 30 characters'],
    ['lastName', { lastName: undefined }, 'This field is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email'],
    ['profiles', { profiles: [] }, 'This field is required'],
    ['unit', { unit: undefined }, 'This field is required'],
    ['opusCard', { opusCard: '12345' }, 'The OPUS card number must have exactly 12 characters'],
    ['phone', { phone: '123' }, 'Phone number is not valid'],
    ['caregiver.email', { caregiver: { email: 'x@' } }, 'Enter a valid email'],
  ])('%s: %j -> %s', (field, change, message) => {
    expect(messageOn({ ...valid, ...change }, field)).toBe(message);
  });
  it('accepts a 12-character OPUS card, a valid phone and blank optional fields', () => {
    expect(
      messageOn({ ...valid, opusCard: '123456789012', phone: '514-555-0123', additionalPhone: '' }, 'opusCard'),
    ).toBeUndefined();
    expect(passengers.schema.safeParse({ ...valid, opusCard: '123456789012', phone: '(514) 555-0123' }).success).toBe(
      true,
    );
  });
});
