/**
 * A valid record of each resource, the i-th of a series on a site: the table-driven resource test
 * writes them through the protocol. A resource without a sample fails that test.
 */
export type Sample = (i: number, unit: number) => Record<string, unknown>;

const letters = (i: number) => String.fromCharCode(65 + (i % 26)) + String.fromCharCode(97 + ((i * 7) % 26));

export const SAMPLES: Record<string, Sample> = {
  passengers: (i, unit) => ({
    role: 'passenger',
    unit,
    firstName: `First${letters(i)}`,
    lastName: `Last${letters(i)}`,
    email: `rider${i}.${unit}@test.local`,
    phone: `514-555-${String(1000 + i).slice(-4)}`,
    profiles: [1],
  }),
};
