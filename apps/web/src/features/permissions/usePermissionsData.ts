import { useQuery } from '@tanstack/react-query';
import { call } from '#src/api/client.ts';
import { find, findKey } from '#src/api/find.ts';
import type { ModuleRow, RoleRecord } from './permissionTypes.ts';

const modulesBody = { col: 'modules', sort: { moduleCode: 1 }, limit: 1000 } as const;
const rolesBody = { col: 'roles', sort: { roleId: 1 }, limit: 1000 } as const;

/** The module catalog, the role records and how many users hold each role. */
export function usePermissionsData() {
  const modules = useQuery({
    queryKey: findKey(modulesBody),
    queryFn: () => find<ModuleRow>(modulesBody, { priority: 'medium' }),
  });
  const roles = useQuery({
    queryKey: findKey(rolesBody),
    queryFn: () => find<RoleRecord>(rolesBody, { priority: 'medium' }),
  });
  const counts = useQuery({
    queryKey: ['countroles'],
    queryFn: () => call('countroles', {}, { priority: 'medium' }),
  });
  return {
    modules: modules.data?.data ?? [],
    roles: roles.data?.data ?? [],
    counts: counts.data?.data ?? [],
    loading: modules.isLoading || roles.isLoading,
    error: modules.error ?? roles.error ?? counts.error,
  };
}
