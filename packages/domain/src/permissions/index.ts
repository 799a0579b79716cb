export * from './access.ts';
export * from './modules.ts';
export * from './roles.ts';
