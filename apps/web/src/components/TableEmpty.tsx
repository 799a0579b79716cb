import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a table with no rows says, put under the table (whose aria-describedby names `id`) rather
 * than in a row of it: a row is as wide as the columns, so on a narrow window its sentence was cut
 * off at the scrolling edge, or centred out of sight.
 */
export function TableEmpty({ id, loading, text }: { id: string; loading?: boolean; text?: string }) {
  const { t } = useTranslation();
  return (
    <Text id={id} c="dimmed" ta="center" size="sm">
      {loading ? t('common.loading') : (text ?? t('common.noResults'))}
    </Text>
  );
}
