export * from './defs/index.ts';
export * from './fields.ts';
export * from './geoPolygon.ts';
export * from './messages.ts';
export * from './registry.ts';
export * from './resource.ts';
export * from './savedState.ts';
export * from './schema.parts.ts';
