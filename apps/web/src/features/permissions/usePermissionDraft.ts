import { useCallback, useEffect, useMemo, useState } from 'react';
import { allGrants, grantKey, type ModuleRow, type RoleRecord } from './permissionTypes.ts';

type Draft = Record<string, Set<string>>;

function fromRoles(roles: readonly RoleRecord[]): Draft {
  return Object.fromEntries(
    roles.map((role) => [role.roleCode, new Set(role.permissions.map((p) => grantKey(p.moduleCode, p.action)))]),
  );
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

/** The edited matrix: per role, the granted actions; and which roles differ from what was loaded. */
export function usePermissionDraft(roles: readonly RoleRecord[], modules: readonly ModuleRow[]) {
  const saved = useMemo(() => fromRoles(roles), [roles]);
  const [draft, setDraft] = useState<Draft>(saved);
  useEffect(() => setDraft(saved), [saved]);

  const toggle = useCallback((roleCode: string, key: string, on: boolean) => {
    setDraft((current) => {
      const next = new Set(current[roleCode] ?? []);
      if (on) next.add(key);
      else next.delete(key);
      return { ...current, [roleCode]: next };
    });
  }, []);

  const setAll = useCallback(
    (roleCode: string, on: boolean) =>
      setDraft((current) => ({ ...current, [roleCode]: on ? allGrants(modules) : new Set() })),
    [modules],
  );

  const changed = roles.filter(
    (role) => !sameSet(draft[role.roleCode] ?? new Set(), saved[role.roleCode] ?? new Set()),
  );
  const reset = useCallback(() => setDraft(saved), [saved]);
  return { draft, toggle, setAll, changed, reset };
}
