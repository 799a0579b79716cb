import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLANNED_TRIP_STATUSES,
  type PlannedStopOfTrip,
  type RouteRules,
  type StoredDoc,
  type TripAction,
  withinDay,
} from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';

export type Trip = StoredDoc & {
  status?: string;
  date?: string;
  stops?: number[];
  driver?: number | null;
  car?: number | null;
  seats?: number;
  duration?: number;
  distance?: number;
  plan?: PlannedStopOfTrip[];
  rules?: RouteRules;
  notes?: { type: string; text: string; user?: string; time?: string }[];
  messages?: { from: string; text: string; user?: string; time?: string }[];
  assignLog?: { action: string; driver?: number | null; car?: number | null; user?: string; time?: string }[];
};

/** A trip and its riders in the order they ride (socket events refresh both: their keys start with `find`). */
export function useTrip(id: number) {
  const trip = useQuery({
    enabled: Number.isSafeInteger(id),
    queryKey: ['find', 'trips', 'record', id],
    queryFn: async () =>
      (await find<Trip>({ col: 'trips', query: { _id: id }, limit: 1 }, { priority: 'high' })).data[0] ?? null,
  });
  const stops = trip.data?.stops ?? [];
  const riders = useQuery({
    enabled: stops.length > 0,
    queryKey: ['find', 'jobs', 'trip', id, stops],
    queryFn: async () =>
      (
        await find(
          { col: 'jobs', query: { _id: { $in: stops } }, sort: { date: 1 }, limit: 1000 },
          { priority: 'high' },
        )
      ).data,
  });
  return { trip, riders: stops.length > 0 ? (riders.data ?? []) : [] };
}

/**
 * Runs a trip action on the version shown: done, told; refused, told why. Ending with riders still
 * aboard asks whether to mark them all as dropped off (spec section 4), then ends with `dropAll`.
 * `pending`: the action under way, until the trip and its riders are read again. Every action
 * writes the trip, so the socket may show its riders' new state before the trip's new version:
 * a next action taken then would carry the old version and be refused as someone else's change.
 */
export function useTripAction(trip: Trip | null | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TripAction | null>(null);
  const act = async (action: TripAction, more: Record<string, unknown> = {}): Promise<boolean> => {
    if (!trip) return false;
    setPending(action);
    const send = (extra: Record<string, unknown>) =>
      call('tripaction', { id: trip._id, _version: trip._version, action, ...more, ...extra });
    try {
      await send({});
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'tripNotDone') || !(await askDropAll(t, serverErrorText(err)))) {
        if (!(err instanceof ApiError && err.code === 'tripNotDone')) notifyError(err);
        return false;
      }
      try {
        await send({ dropAll: true });
      } catch (again) {
        notifyError(again);
        return false;
      }
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['find', 'trips'] });
      await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
      setPending(null);
    }
    notifySuccess(t(`trip.done.${action}`, { id: trip._id }));
    return true;
  };
  return { act, pending };
}

function askDropAll(t: (key: string) => string, warning: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('trip.endTitle'),
      children: warning,
      labels: { confirm: t('trip.dropAll'), cancel: t('common.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The trips of a site's day not yet started (where a rider may move, what may merge), in time order. */
export function useOpenTrips(unit: number | undefined, day: string) {
  return useQuery({
    enabled: unit !== undefined && day !== '',
    queryKey: ['find', 'trips', 'open', unit, day],
    queryFn: async () =>
      (
        await find<Trip>({
          col: 'trips',
          query: {
            unit,
            status: { $in: [...PLANNED_TRIP_STATUSES] },
            date: withinDay(day),
          },
          project: { date: 1, status: 1, driver: 1, stops: 1, seats: 1 },
          sort: { date: 1 },
          limit: 500,
        })
      ).data,
  });
}

/** A trip as a choice: its number, time and riders. */
export function tripChoice(t: (key: string, values?: Record<string, unknown>) => string, trip: Trip) {
  return {
    value: String(trip._id),
    label: t('trip.choice', { id: trip._id, time: String(trip.date ?? '').slice(11), count: trip.stops?.length ?? 0 }),
  };
}

/** A rider as a dispatcher names it: first and last name, else its number. */
export function riderName(r: StoredDoc | undefined): string {
  if (!r) return '';
  return [r.firstName, r.lastName].filter(Boolean).join(' ') || `#${r._id}`;
}
