import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A stop's ETA (site time "YYYY-MM-DD HH:mm"): green, or red and "late" past its time window. */
export function EtaText({ eta, late }: { eta: string | null | undefined; late: boolean }) {
  const { t } = useTranslation();
  if (!eta) return null;
  return (
    <Text span size="xs" fw={600} c={late ? 'red' : 'green'}>
      {t('liveMap.eta', { time: eta.slice(11, 16) })}
      {late ? ` · ${t('liveMap.late')}` : ''}
    </Text>
  );
}
