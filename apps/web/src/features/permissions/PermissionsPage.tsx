import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';
import { allGrants, permissionsOf } from './permissionTypes.ts';
import { RoleCard } from './RoleCard.tsx';
import { RoleHistoryButton } from './RoleHistoryButton.tsx';
import { usePermissionDraft } from './usePermissionDraft.ts';
import { usePermissionsData } from './usePermissionsData.ts';

/** The permission matrix: which actions each role holds (spec section 2, Permissions screen). */
export function PermissionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { modules, roles, counts, loading, error } = usePermissionsData();
  const { draft, toggle, setAll, changed, reset } = usePermissionDraft(roles, modules);
  const [selectedCode, setSelectedCode] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const selected = roles.find((role) => role.roleCode === selectedCode) ?? roles[0];
  const selectedName = selected ? t(`roles.${selected.roleCode}`, { defaultValue: selected.roleName }) : '';
  const total = allGrants(modules).size;
  const handleToggle = useCallback(
    (key: string, on: boolean) => selected && toggle(selected.roleCode, key, on),
    [selected, toggle],
  );

  const save = async () => {
    try {
      await call('saveroles', {
        roles: changed.map((role) => ({
          roleId: role.roleId,
          roleCode: role.roleCode,
          roleName: role.roleName,
          _version: role._version,
          permissions: permissionsOf(draft[role.roleCode] ?? new Set(), modules),
        })),
      });
      notifySuccess(t('permissions.saved'));
      await queryClient.invalidateQueries({ queryKey: ['find', 'roles'] });
    } catch (err) {
      notifyError(`${t('permissions.saveFailed')} (${serverErrorText(err)})`);
    }
  };
  const handleSave = () =>
    modals.openConfirmModal({
      title: t('permissions.confirmTitle'),
      children: (
        <Text size="sm">
          {t('permissions.confirmBody', {
            roles: changed.map((r) => t(`roles.${r.roleCode}`, { defaultValue: r.roleName })).join(', '),
          })}
        </Text>
      ),
      labels: { confirm: t('common.save'), cancel: t('common.cancel') },
      onConfirm: () => void save(),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>{t('screens.permissions')}</PageTitle>
        <Group>
          <Button variant="default" disabled={changed.length === 0} onClick={reset}>
            {t('permissions.discard')}
          </Button>
          <Button disabled={changed.length === 0} onClick={handleSave}>
            {t('permissions.save')}
          </Button>
        </Group>
      </Group>
      {error ? <Alert color="red">{serverErrorText(error)}</Alert> : null}
      {loading ? <Text c="dimmed">{t('common.loading')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
        {roles.map((role) => (
          <RoleCard
            key={role.roleCode}
            role={role}
            users={counts.find((c) => c.role === role.roleCode)?.count ?? 0}
            granted={draft[role.roleCode]?.size ?? 0}
            total={total}
            selected={role.roleCode === selected?.roleCode}
            onSelect={() => setSelectedCode(role.roleCode)}
            onSelectAll={(on) => setAll(role.roleCode, on)}
          />
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('permissions.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={360}
        />
        {selected ? <RoleHistoryButton roleId={selected._id} roleName={selectedName} /> : null}
      </Group>
      {selected ? (
        <PermissionMatrix
          modules={modules}
          granted={draft[selected.roleCode] ?? new Set()}
          roleName={selectedName}
          search={search}
          onToggle={handleToggle}
        />
      ) : null}
    </Stack>
  );
}
