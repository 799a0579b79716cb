import {
  allPermissions,
  COLLECTIONS,
  type CollectionDef,
  can,
  DEFAULT_GRANTS,
  expandGrant,
  FORBIDDEN_MESSAGE,
  moduleOfUserRole,
  ROLE_NAMES,
  STAFF_ROLES,
} from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type Harness, startHarness } from '../test/app-harness.ts';
import { actionFor, type CollectionOp } from './access.ts';

/**
 * Issue 15, the authorization matrix, generated from the permission catalogue: every staff role ×
 * every generic act × every collection (for users, every role of person it may name). A call is
 * refused with the spec's 403 exactly when the role lacks the module action the access module
 * names (actionFor); otherwise it runs (here on a record that does not exist, so nothing changes).
 * Site scope: access.table.test.ts; supplier scope: supplier.scope.test.ts; events: live/hub.test.ts.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const OPS: CollectionOp[] = ['find', 'export', 'insert', 'update', 'delete'];
const NOWHERE = { _id: 999_999 };

function bodyOf(op: CollectionOp, col: string, role?: string): Record<string, unknown> {
  const query = role ? { ...NOWHERE, role } : NOWHERE;
  switch (op) {
    case 'find':
    case 'export':
      return { act: op, col, query };
    case 'insert':
      // an empty record: refused by validation (400) once the permission allows it
      return { act: op, col, data: role ? { role } : {} };
    case 'update':
      return { act: op, col, query: NOWHERE, data: { _version: 1 } };
    case 'delete':
      return { act: op, col, query };
  }
}

function refused(a: Answer): boolean {
  return a.status === 403 && a.body.error === FORBIDDEN_MESSAGE;
}

const guarded = [...COLLECTIONS.values()].filter((d) => d.module !== null && d.name !== 'users');

describe('every staff role × every generic act × every collection', () => {
  it.each(STAFF_ROLES)('%s', async (role) => {
    const token = await h.tokenOf(role);
    // a superadmin holds every action of the catalogue, no more (a module without export has none to hold)
    const granted = role === 'superadmin' ? allPermissions() : expandGrant(DEFAULT_GRANTS[role]);
    const allows = (d: CollectionDef, module: NonNullable<CollectionDef['module']>, op: CollectionOp) =>
      !(d.readOnly && op !== 'find') && can(granted, module, actionFor(module, op, d));
    const wrong: string[] = [];
    for (const d of guarded) {
      for (const op of OPS) {
        const a = await h.call({ ...bodyOf(op, d.name), token });
        const module = d.module as NonNullable<CollectionDef['module']>;
        if (allows(d, module, op) === refused(a)) wrong.push(`${d.name} ${op}: ${a.status} ${JSON.stringify(a.body)}`);
      }
    }
    // people: the module of the role of person a call names
    const users = COLLECTIONS.get('users') as CollectionDef;
    for (const person of ROLE_NAMES.filter((r) => r !== 'superadmin' && r !== 'admin')) {
      for (const op of ['find', 'export', 'insert'] as const) {
        const a = await h.call({ ...bodyOf(op, 'users', person), token });
        const module = moduleOfUserRole(person);
        const allowed = can(granted, module, actionFor(module, op, users));
        if (allowed === refused(a)) wrong.push(`users(${person}) ${op}: ${a.status} ${JSON.stringify(a.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
