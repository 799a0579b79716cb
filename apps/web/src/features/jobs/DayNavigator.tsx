import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export interface DayNavigatorProps {
  day: string;
  onChange: (day: string) => void;
}

/** Previous day, today, next day (spec section 2, Lists). */
export function DayNavigator({ day, onChange }: DayNavigatorProps) {
  const { t, i18n } = useTranslation();
  const shift = (days: number) => onChange(dayjs(day).add(days, 'day').format('YYYY-MM-DD'));
  return (
    <Group gap="xs">
      <ActionIcon variant="default" aria-label={t('dayNav.previous')} onClick={() => shift(-1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Button variant="default" size="xs" onClick={() => onChange(dayjs().format('YYYY-MM-DD'))}>
        {t('dayNav.today')}
      </Button>
      <ActionIcon variant="default" aria-label={t('dayNav.next')} onClick={() => shift(1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
      <Text size="sm" fw={500} aria-label={t('dayNav.shown')}>
        {new Date(`${day}T12:00:00`).toLocaleDateString(i18n.language, {
          weekday: 'short',
          year: 'numeric',
          month: 'short',
          day: 'numeric',
        })}
      </Text>
    </Group>
  );
}
