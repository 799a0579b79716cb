export * from './multiShifts.ts';
