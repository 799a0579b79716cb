export * from './booking.ts';
export * from './recurrence.ts';
export * from './shifts.ts';
export * from './shuttles.ts';
export * from './status.ts';
export * from './timeline.ts';
export * from './timeZone.ts';
