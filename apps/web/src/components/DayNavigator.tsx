import { ActionIcon, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays } from '@tc/domain';
import { useTranslation } from 'react-i18next';

export interface DayNavigatorProps {
  /** 'YYYY-MM-DD', or null for every date (master-data lists start there). */
  day: string | null;
  onChange: (day: string | null) => void;
  /** Today in the site's time zone ('YYYY-MM-DD'): the Today button's day. */
  today: string;
  /** Offer a way back to every date. */
  clearable?: boolean;
}

/** Previous day, today, next day (spec section 2, Lists). */
export function DayNavigator({ day, today, onChange, clearable }: DayNavigatorProps) {
  const { t, i18n } = useTranslation();
  const shift = (days: number) => onChange(addDays(day ?? today, days));
  return (
    <Group gap="xs">
      <ActionIcon variant="default" aria-label={t('dayNav.previous')} onClick={() => shift(-1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Button variant="default" size="xs" onClick={() => onChange(today)}>
        {t('dayNav.today')}
      </Button>
      <ActionIcon variant="default" aria-label={t('dayNav.next')} onClick={() => shift(1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
      <Text size="sm" fw={500} aria-label={t('dayNav.shown')}>
        {day
          ? new Date(`${day}T12:00:00`).toLocaleDateString(i18n.language, {
              weekday: 'short',
              year: 'numeric',
              month: 'short',
              day: 'numeric',
            })
          : t('dayNav.allDates')}
      </Text>
      {clearable && day ? (
        <CloseButton size="sm" aria-label={t('dayNav.allDates')} onClick={() => onChange(null)} />
      ) : null}
    </Group>
  );
}
