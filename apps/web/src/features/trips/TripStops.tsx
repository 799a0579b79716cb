import { Stack, Table, Text } from '@mantine/core';
import { type PlannedStopOfTrip, type StoredDoc, stopsBreakdown } from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { TripMap } from './TripMap.tsx';

const nameOf = (r: StoredDoc) => [r.firstName, r.lastName].filter(Boolean).join(' ') || `#${r._id}`;

/**
 * The trip's breakdown (spec section 2): its stops on a map and in order with the planned time, who
 * boards or leaves there, when they actually did, and the seats on board after the stop.
 */
export function TripStops({ plan, riders }: { plan: PlannedStopOfTrip[] | undefined; riders: StoredDoc[] }) {
  const { t } = useTranslation();
  if (!plan?.length)
    return (
      <Text c="dimmed" size="sm">
        {t('trip.noPlan')}
      </Text>
    );
  const rows = stopsBreakdown(plan, riders);
  return (
    <Stack gap="sm">
      <TripMap rows={rows} />
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('trip.stops')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('trip.planned')}</Table.Th>
              <Table.Th>{t('trip.stop')}</Table.Th>
              <Table.Th>{t('trip.place')}</Table.Th>
              <Table.Th>{t('trip.who')}</Table.Th>
              <Table.Th>{t('trip.actual')}</Table.Th>
              <Table.Th>{t('trip.onBoard')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.kind}|${row.at}|${row.riders.map((r) => r._id).join(',')}`}>
                <Table.Td>{row.at.slice(11)}</Table.Td>
                <Table.Td>{t(`trip.stopKind.${row.kind}`)}</Table.Td>
                <Table.Td>{row.address}</Table.Td>
                <Table.Td>{row.riders.map(nameOf).join(', ')}</Table.Td>
                <Table.Td>{row.actual.map((a) => a.slice(11)).join(', ')}</Table.Td>
                <Table.Td>{row.onBoard}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
