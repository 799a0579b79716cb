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
      {
        roleId: ROLES[role],
        roleCode: role,
        roleName: ROLE_LABELS[role],
        // as a role the owner saves (roles.acts.ts): the day in the zone of records without a site
        startDate: localDay(siteTimeZone(undefined)),
        permissions: expandGrant(DEFAULT_GRANTS[role]),
      },
      SYSTEM,
    );
  }
}
