import { Badge, Button, Card, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from './permissionTypes.ts';

export interface RoleCardProps {
  role: RoleRecord;
  users: number;
  granted: number;
  total: number;
  selected: boolean;
  onSelect: () => void;
  onSelectAll: (on: boolean) => void;
}

/** A role with its user count; selecting it shows its actions in the matrix. */
export function RoleCard({ role, users, granted, total, selected, onSelect, onSelectAll }: RoleCardProps) {
  const { t } = useTranslation();
  const name = t(`roles.${role.roleCode}`, { defaultValue: role.roleName });
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      style={{ borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined }}
    >
      <UnstyledButton onClick={onSelect} aria-pressed={selected} aria-label={t('permissions.showRole', { role: name })}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {t('permissions.users', { count: users })}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('permissions.granted', { granted, total })}
        </Text>
      </UnstyledButton>
      <Group gap="xs" mt="xs">
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onSelectAll(true)}
          aria-label={t('permissions.selectAllFor', { role: name })}
        >
          {t('permissions.selectAll')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => onSelectAll(false)}
          aria-label={t('permissions.selectNoneFor', { role: name })}
        >
          {t('permissions.selectNone')}
        </Button>
      </Group>
    </Card>
  );
}
