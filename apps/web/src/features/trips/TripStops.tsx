import { Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { type PlannedStopOfTrip, type StopRow, type StoredDoc, stopsBreakdown, type TripLive } from '@tc/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '#src/components/DataTable.tsx';
import { EtaText } from '#src/components/EtaText.tsx';
import { TripMap } from './TripMap.tsx';
import { riderName } from './useTrip.ts';

type Row = StopRow<StoredDoc>;

/**
 * The trip's breakdown (spec section 2): its stops on a map and in order with the planned time, who
 * boards or leaves there, when they actually did, and the seats on board after the stop; while the
 * trip runs (`live`, with the predictive ETA add-on), each stop left with its ETA, red when late.
 */
export function TripStops({
  plan,
  riders,
  live,
}: {
  plan: PlannedStopOfTrip[] | undefined;
  riders: StoredDoc[];
  live?: TripLive | undefined;
}) {
  const { t } = useTranslation();
  if (!plan?.length)
    return (
      <Text c="dimmed" size="sm">
        {t('trip.noPlan')}
      </Text>
    );
  const rows = stopsBreakdown(plan, riders);
  // the stops keep their order: no column sorts them
  const column = (id: string, header: string, cell: (r: Row) => ReactNode): ColumnDef<Row, unknown> => ({
    id,
    header,
    cell: ({ row }) => cell(row.original),
    enableSorting: false,
  });
  const columns = [
    column('at', t('trip.planned'), (r) => r.at.slice(11)),
    column('kind', t('trip.stop'), (r) => t(`trip.stopKind.${r.kind}`)),
    column('place', t('trip.place'), (r) => r.address),
    column('who', t('trip.who'), (r) => r.riders.map(riderName).join(', ')),
    column('actual', t('trip.actual'), (r) => r.actual.map((a) => a.slice(11)).join(', ')),
    column('onBoard', t('trip.onBoard'), (r) => r.onBoard),
  ];
  if (live?.eta)
    columns.splice(
      1,
      0,
      column('eta', t('trip.eta'), (r) => {
        // the stop's riders are reached together: the latest of their ETAs
        const etas = live.stops.filter((s) => s.kind === r.kind && r.riders.some((x) => x._id === s.job));
        const last = etas.sort((a, b) => String(a.eta).localeCompare(String(b.eta))).at(-1);
        return <EtaText eta={last?.eta} late={etas.some((s) => s.late)} />;
      }),
    );
  return (
    <Stack gap="sm">
      <TripMap rows={rows} />
      <DataTable data={rows} columns={columns} label={t('trip.stops')} />
    </Stack>
  );
}
