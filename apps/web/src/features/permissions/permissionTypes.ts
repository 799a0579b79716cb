import type { PermissionEntry } from '@tc/domain';

/** A role record of the `roles` collection (spec section 3). */
export interface RoleRecord {
  _id: number;
  _version: number;
  roleId: number;
  roleCode: string;
  roleName: string;
  startDate?: string;
  permissions: PermissionEntry[];
}

export interface ModuleRow {
  moduleCode: string;
  moduleName: string;
  actions: string[];
}

export interface RoleCount {
  role: string;
  roleCode: number | null;
  count: number;
}

/** One granted action, as a set member. */
export function grantKey(moduleCode: string, action: string): string {
  return `${moduleCode}:${action}`;
}

/** All the actions of the catalog, as grant keys. */
export function allGrants(modules: readonly ModuleRow[]): Set<string> {
  return new Set(modules.flatMap((m) => m.actions.map((a) => grantKey(m.moduleCode, a))));
}

/** The role's permission list from its granted keys, in catalog order. */
export function permissionsOf(granted: ReadonlySet<string>, modules: readonly ModuleRow[]): PermissionEntry[] {
  return modules.flatMap((m) =>
    m.actions
      .filter((a) => granted.has(grantKey(m.moduleCode, a)))
      .map((action) => ({ moduleCode: m.moduleCode, moduleName: m.moduleName, action, access: 'fullAccess' as const })),
  );
}
