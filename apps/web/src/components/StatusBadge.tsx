import { Badge } from '@mantine/core';
import { statusColor } from '@tc/domain';
import { useTranslation } from 'react-i18next';

/** A badge's text is never cut (issue 19, point 7). */
export const WHOLE_BADGE = { root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } } as const;

/** A status in its one colour (statusColors.ts), in words of the current language. */
export function StatusBadge({
  status,
  kind,
}: {
  status: string | undefined;
  kind: 'jobStatus' | 'tripStatus' | 'driverStatus' | 'scheduleOutcome';
}) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge color={statusColor(status)} variant="light" styles={WHOLE_BADGE}>
      {t(`values.${kind}.${status}`)}
    </Badge>
  );
}
