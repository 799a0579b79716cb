export * from './booking.ts';
export * from './recurrence.ts';
export * from './status.ts';
export * from './timeZone.ts';
