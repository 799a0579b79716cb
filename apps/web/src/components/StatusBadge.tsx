import { Badge } from '@mantine/core';
import { statusColor } from '@tc/domain';
import { useTranslation } from 'react-i18next';

/** A status in its one colour (statusColors.ts), in words of the current language. */
export function StatusBadge({
  status,
  kind,
}: {
  status: string | undefined;
  kind: 'jobStatus' | 'tripStatus' | 'driverStatus';
}) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    // a status is never cut (issue 19, point 7)
    <Badge
      color={statusColor(status)}
      variant="light"
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {t(`values.${kind}.${status}`)}
    </Badge>
  );
}
