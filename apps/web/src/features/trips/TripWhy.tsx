import { Badge, Table, Text } from '@mantine/core';
import { DEFAULT_ROUTE_RULES, type PlannedStopOfTrip, type RouteRules, type StoredDoc, whyTogether } from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { WHOLE_BADGE } from '#src/components/StatusBadge.tsx';

const nameOf = (r: StoredDoc | undefined) =>
  r ? [r.firstName, r.lastName].filter(Boolean).join(' ') || `#${r._id}` : '';

/**
 * Why the trip's riders ride together (issue 12, point 3): whom each shares the vehicle with, its
 * pick-up against the time asked and the pick gaps, and its detour against the ride ratio the plan
 * kept. Direct drive times are the estimator's, and say so.
 */
export function TripWhy(props: {
  plan: PlannedStopOfTrip[] | undefined;
  rules: RouteRules | undefined;
  riders: StoredDoc[];
}) {
  const { t } = useTranslation();
  const rules = props.rules ?? DEFAULT_ROUTE_RULES;
  const why = props.plan?.length ? whyTogether(props.plan, props.riders, rules) : [];
  if (why.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('trip.noPlan')}
      </Text>
    );
  const rider = (id: number) => props.riders.find((r) => r._id === id);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Text size="sm" c="dimmed" mb="xs">
        {t('trip.why.rules', rules)}
      </Text>
      <Table aria-label={t('trip.why.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trip.rider')}</Table.Th>
            <Table.Th>{t('trip.why.with')}</Table.Th>
            <Table.Th>{t('trip.why.pickup')}</Table.Th>
            <Table.Th>{t('trip.why.ride')}</Table.Th>
            <Table.Th>{t('trip.why.detour')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {why.map((w) => (
            <Table.Tr key={w.job}>
              <Table.Td>{nameOf(rider(w.job))}</Table.Td>
              <Table.Td>
                {w.with.length ? w.with.map((id) => nameOf(rider(id))).join(', ') : t('trip.why.alone')}
              </Table.Td>
              <Table.Td>
                <Badge color={w.inWindow ? 'green' : 'red'} variant="light" mr={6} styles={WHOLE_BADGE}>
                  {t(w.inWindow ? 'trip.why.inWindow' : 'trip.why.outWindow')}
                </Badge>
                {w.pickupShift === 0
                  ? t('trip.why.onTime')
                  : t(w.pickupShift < 0 ? 'trip.why.early' : 'trip.why.late', { count: Math.abs(w.pickupShift) })}
              </Table.Td>
              <Table.Td>{t('trip.why.rideOf', { ride: w.rideMinutes, direct: w.directMinutes })}</Table.Td>
              <Table.Td>
                <Badge color={w.withinRatio ? 'green' : 'orange'} variant="light" mr={6} styles={WHOLE_BADGE}>
                  {t(w.withinRatio ? 'trip.why.withinRatio' : 'trip.why.beyondRatio', { ratio: rules.ratio })}
                </Badge>
                {t('trip.minutes', { count: w.detourMinutes })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
