import {
  DEFAULT_GRANTS,
  expandGrant,
  localDay,
  moduleRecords,
  ROLE_LABELS,
  ROLE_NAMES,
  ROLES,
  siteTimeZone,
} from '@tc/domain';
import type { CollectionStore } from './collection.store.ts';

const SYSTEM = { id: null, name: 'system' };

/**
 * A new role's record (the catalog's own roles, and those the owner saves): a role is no site's, so
 * its first day is the day in the zone of records without a site, not the server's UTC day.
 */
export function newRole(role: { roleId: number; roleCode: string; roleName: string; permissions: unknown[] }) {
  return { ...role, startDate: localDay(siteTimeZone(undefined)) };
}

/**
 * Makes sure the module catalog and one record per role exist. Existing roles are left as the
 * permissions screen saved them; new modules are added to the catalog.
 */
export async function ensureCatalog(store: CollectionStore): Promise<void> {
  const known = new Set((await store.find('modules', { limit: 1000 })).data.map((m) => m.moduleCode));
  for (const m of moduleRecords()) {
    if (!known.has(m.moduleCode)) await store.insert('modules', { ...m }, SYSTEM);
  }
  const roles = new Set((await store.find('roles', { limit: 1000 })).data.map((r) => r.roleCode));
  for (const role of ROLE_NAMES) {
    if (roles.has(role)) continue;
    await store.insert(
      'roles',
      newRole({
        roleId: ROLES[role],
        roleCode: role,
        roleName: ROLE_LABELS[role],
        permissions: expandGrant(DEFAULT_GRANTS[role]),
      }),
      SYSTEM,
    );
  }
}
