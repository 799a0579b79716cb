import { Badge, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import {
  DEFAULT_ROUTE_RULES,
  type PlannedStopOfTrip,
  type RouteRules,
  type StoredDoc,
  type Why,
  whyTogether,
} from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { DataTable } from '#src/components/DataTable.tsx';
import { WHOLE_BADGE } from '#src/components/StatusBadge.tsx';
import { riderName } from './useTrip.ts';

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
  const verdict = (ok: boolean, good: string, bad: string) => (
    <Badge color={ok ? 'green' : 'orange'} variant="light" mr={6} styles={WHOLE_BADGE}>
      {ok ? good : bad}
    </Badge>
  );
  const columns: ColumnDef<Why, unknown>[] = [
    { id: 'rider', header: t('trip.rider'), cell: ({ row }) => riderName(rider(row.original.job)) },
    {
      id: 'with',
      header: t('trip.why.with'),
      cell: ({ row }) =>
        row.original.with.length ? row.original.with.map((id) => riderName(rider(id))).join(', ') : t('trip.why.alone'),
    },
    {
      id: 'pickup',
      header: t('trip.why.pickup'),
      cell: ({ row: { original: w } }) => (
        <>
          {verdict(w.inWindow, t('trip.why.inWindow'), t('trip.why.outWindow'))}
          {w.pickupShift === 0
            ? t('trip.why.onTime')
            : t(w.pickupShift < 0 ? 'trip.why.early' : 'trip.why.late', { count: Math.abs(w.pickupShift) })}
        </>
      ),
    },
    {
      id: 'ride',
      header: t('trip.why.ride'),
      cell: ({ row }) => t('trip.why.rideOf', { ride: row.original.rideMinutes, direct: row.original.directMinutes }),
    },
    {
      id: 'detour',
      header: t('trip.why.detour'),
      cell: ({ row: { original: w } }) => (
        <>
          {verdict(
            w.withinRatio,
            t('trip.why.withinRatio', { ratio: rules.ratio }),
            t('trip.why.beyondRatio', { ratio: rules.ratio }),
          )}
          {t('trip.minutes', { count: w.detourMinutes })}
        </>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('trip.why.rules', rules)}
      </Text>
      <DataTable data={why} columns={columns} label={t('trip.why.title')} />
    </Stack>
  );
}
