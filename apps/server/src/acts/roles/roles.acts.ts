import { MODULE_KEYS, MODULES, normaliseRole, ROLE_LABELS, ROLES } from '@tc/domain';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import { countUsersByRole } from '../../store/auth.store.ts';
import { newRole } from '../../store/catalog.ts';

const countroles: Act = {
  permission: { kind: 'module', module: 'users', action: 'view' },
  run: async (ctx) => {
    const counts = await countUsersByRole(ctx.services.db);
    return {
      data: counts.map((c) => {
        const role = normaliseRole(c.role);
        return { role: c.role, roleCode: role ? ROLES[role] : null, count: c.count };
      }),
    };
  },
};

/** Saving the permission matrix: updates roles that exist (by roleCode), inserts the others. */
const saveroles: Act = {
  permission: { kind: 'owner' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { roles } = requestOf(ctx, 'saveroles');
    const { store } = ctx.services;
    const actor = { id: p.id, name: p.name };
    let updated = 0;
    let inserted = 0;
    for (const role of roles) {
      const permissions = role.permissions.map((perm) => {
        const key = MODULE_KEYS.find((k) => MODULES[k].code === perm.moduleCode);
        if (!key || !(MODULES[key].actions as readonly string[]).includes(perm.action)) {
          throw new BadRequest(`Unknown permission ${perm.moduleCode} ${perm.action}`);
        }
        return {
          moduleCode: perm.moduleCode,
          moduleName: MODULES[key].name,
          action: perm.action,
          access: 'fullAccess',
        };
      });
      const existing = (await store.find('roles', { query: { roleCode: role.roleCode }, limit: 1 })).data[0];
      if (existing) {
        const version = role._version ?? (existing._version as number);
        await store.update(
          'roles',
          existing._id as number,
          { permissions, ...(role.roleName ? { roleName: role.roleName } : {}) },
          version,
          actor,
        );
        updated++;
      } else {
        const known = normaliseRole(role.roleCode);
        await store.insert(
          'roles',
          newRole({
            roleCode: role.roleCode,
            roleName: role.roleName ?? (known ? ROLE_LABELS[known] : role.roleCode),
            roleId: role.roleId ?? (known ? ROLES[known] : 0),
            permissions,
          }),
          actor,
        );
        inserted++;
      }
    }
    ctx.services.principals.clear();
    return { ok: true, updated, inserted };
  },
};

export const roleActs = { countroles, saveroles };
