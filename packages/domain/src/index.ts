export * from './constants.ts';
export * from './permissions/index.ts';
export * from './templates/index.ts';
export * from './resources/index.ts';
