export * from './constants.ts';
export * from './permissions/index.ts';
export * from './templates/index.ts';
