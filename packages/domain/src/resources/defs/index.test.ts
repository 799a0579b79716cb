import { flatten, resources } from '@tc/i18n';
import { describe, expect, it } from 'vitest';
import { collectionDef } from '../registry.ts';
import { writableFields } from '../writes.ts';
import { moduleOfUserRole, RESOURCES, resourceByKey, USERS_MODULES, userResourceOfRole, writeDefFor } from './index.ts';

const en = flatten(resources.en as never);
const pt = flatten(resources.pt as never);
const label = (key: string, field: string) => `resources.${key}.fields.${field.replaceAll('.', '_')}`;

describe('resource registry', () => {
  it('has unique keys and one resource per users role', () => {
    expect(new Set(RESOURCES.map((r) => r.key)).size).toBe(RESOURCES.length);
    expect(writeDefFor('users', { role: 'passenger' })).toBe(resourceByKey('passengers'));
    expect(writeDefFor('users', { role: 'parent' })).toBe(resourceByKey('parents'));
    expect(writeDefFor('users', { role: 'dispatcher' })).toBe(resourceByKey('users'));
    expect(writeDefFor('cars', {})).toBe(resourceByKey('vehicles'));
    expect(writeDefFor('jobs', {})?.entity).toBe('Reservation');
    expect(writeDefFor('outbox', {})).toBeUndefined();
  });

  it.each(RESOURCES.map((r) => [r.key, r] as const))('%s names only fields its collection declares', (_key, def) => {
    const col = collectionDef(def.collection);
    expect(col, def.collection).toBeDefined();
    const declared = new Set([
      ...Object.keys(col?.fields ?? {}),
      ...(def.writeOnly ?? []),
      '_id',
      'unit',
      'createdAt',
      'updatedAt',
      'createdBy',
    ]);
    const top = (f: string) => f.split('.')[0] as string;
    const named = [
      ...def.columns.map((c) => c.field),
      ...def.form.flatMap((s) => s.fields.flatMap((f) => (f.coords ? [f.coords.lat, f.coords.lon] : [f.name]))),
      ...def.search,
      ...def.duplicateKey,
      ...(def.dateField ? [def.dateField] : []),
      ...Object.keys(def.savedFilters ?? {}),
    ];
    expect(named.filter((f) => !declared.has(top(f)))).toEqual([]);
  });

  it.each(RESOURCES.map((r) => [r.key, r] as const))('%s accepts every field its screen writes', (_key, def) => {
    const writable = writableFields(def);
    const top = (f: string) => f.split('.')[0] as string;
    const written = [
      ...def.form.flatMap((s) => s.fields.flatMap((f) => (f.coords ? [f.coords.lat, f.coords.lon] : [f.name]))),
      ...(def.tabs?.includes('notes') ? ['notes'] : []),
      ...(def.suspend ? ['suspended', 'suspension', def.collection === 'drivers' ? 'driverStatus' : 'status'] : []),
      ...(def.toggle ? [def.toggle.field] : []),
    ].filter((f) => top(f) !== def.links?.field);
    expect(written.filter((f) => !writable.has(top(f)))).toEqual([]);
  });

  it.each(RESOURCES.map((r) => [r.key, r] as const))('%s has every label in English and Portuguese', (key, def) => {
    const keys = [
      `resources.${key}.entity`,
      ...def.columns.map((c) => label(key, c.field)),
      ...def.form.map((s) => `resources.${key}.sections.${s.key}`),
      ...def.form.flatMap((s) =>
        s.fields.flatMap((f) => [label(key, f.name), ...(f.item ?? []).map((i) => label(key, `${f.name}.${i.name}`))]),
      ),
      ...[...def.columns, ...def.form.flatMap((s) => s.fields)].flatMap((x) =>
        x.optionsKey ? (x.options ?? []).map((o) => `values.${x.optionsKey}.${o}`) : [],
      ),
    ];
    expect(keys.filter((k) => !(k in en))).toEqual([]);
    expect(keys.filter((k) => !(k in pt))).toEqual([]);
  });

  it('maps each people role to its resource and module once, from the resources', () => {
    expect(moduleOfUserRole('student')).toBe('passengers');
    expect(moduleOfUserRole('parent')).toBe('parents');
    expect(moduleOfUserRole('dispatcher')).toBe('users');
    expect(moduleOfUserRole('constructor')).toBe('users');
    expect(userResourceOfRole('employee').key).toBe('employees');
    expect([...USERS_MODULES].sort()).toEqual(['parents', 'passengers', 'users']);
  });

  it('finds resources by screen key', () => {
    expect(resourceByKey('systemsettings')?.collection).toBe('settings');
    expect(resourceByKey('assignPriority')?.collection).toBe('assignPriorityGroups');
  });
});
