export * from './auth/index.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './fares/index.ts';
export * from './permissions/index.ts';
export * from './resources/index.ts';
export * from './shifts/index.ts';
export * from './templates/index.ts';
