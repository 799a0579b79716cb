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
      <UnstyledButton
        w="100%"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={t('permissions.showRole', { role: name })}
      >
        <Text fw={600}>{name}</Text>
        <Group gap="xs" mt={4}>
          <Badge variant="light" tt="none">
            {t('permissions.users', { count: users })}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('permissions.granted', { granted, total })}
          </Text>
        </Group>
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
