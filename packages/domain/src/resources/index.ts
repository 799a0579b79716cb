export * from './fields.ts';
export * from './registry.ts';
