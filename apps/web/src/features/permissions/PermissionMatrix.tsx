import { Checkbox, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '#src/components/DataTable.tsx';
import { grantKey, type ModuleRow } from './permissionTypes.ts';

export interface PermissionMatrixProps {
  modules: ModuleRow[];
  granted: ReadonlySet<string>;
  roleName: string;
  search: string;
  onToggle: (key: string, on: boolean) => void;
}

/** Module rows with a checkbox per action, for the selected role. */
export function PermissionMatrix({ modules, granted, roleName, search, onToggle }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const columns = useMemo<ColumnDef<ModuleRow, unknown>[]>(
    () => [
      { id: 'moduleCode', accessorKey: 'moduleCode', header: t('permissions.code') },
      {
        id: 'moduleName',
        accessorFn: (row) => t(`modules.${row.moduleCode}`, { defaultValue: row.moduleName }),
        header: t('permissions.module'),
      },
      {
        id: 'actions',
        accessorFn: (row) => row.actions.join(' '),
        header: t('permissions.actionsFor', { role: roleName }),
        enableSorting: false,
        cell: ({ row: { original: module } }) => (
          <Group gap="md">
            {module.actions.map((action) => {
              const key = grantKey(module.moduleCode, action);
              return (
                <Checkbox
                  key={action}
                  size="xs"
                  label={t(`permissions.actions.${action}`, { defaultValue: action })}
                  aria-label={`${t(`modules.${module.moduleCode}`, { defaultValue: module.moduleName })}: ${t(`permissions.actions.${action}`, { defaultValue: action })}`}
                  checked={granted.has(key)}
                  onChange={(event) => onToggle(key, event.currentTarget.checked)}
                />
              );
            })}
          </Group>
        ),
      },
    ],
    [t, roleName, granted, onToggle],
  );
  return (
    <DataTable data={modules} columns={columns} search={search} initialSorting={[{ id: 'moduleCode', desc: false }]} />
  );
}
