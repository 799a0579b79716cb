export * from './passwords.ts';
