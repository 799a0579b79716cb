import { useQuery } from '@tanstack/react-query';
import { type HomeListSize, type RecentJob, STAT_TILES, type StoredDoc, statQueries } from '@tc/domain';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';

/**
 * The home screens' reads (docs/home.md). Their keys start with ['find', 'jobs'] so that a write to
 * reservations reported over the socket refreshes them (useLiveUpdates).
 */

/** The agent home's four statistic tiles, counted by one batch call (spec section 7). */
export function useStatTiles(userName: string, site: number | null) {
  return useQuery({
    queryKey: ['find', 'jobs', 'home', 'stats', userName, site],
    queryFn: async () => {
      const { results } = await call('batch', { queries: statQueries(userName, new Date()) });
      return STAT_TILES.map((tile, i) => ({
        ...tile,
        count: (results[i] as { count?: number } | undefined)?.count ?? 0,
      }));
    },
  });
}

/** The signed-in user's last bookings. */
export function useMyRecentJobs(limit: HomeListSize) {
  return useQuery({
    queryKey: ['find', 'jobs', 'home', 'mine', limit],
    queryFn: () => call('myrecentjobs', { col: 'jobs', limit }),
  });
}

type JobRow = StoredDoc & { date?: string; status?: string; firstName?: string; lastName?: string };

/**
 * The reservations the user opened last, most recent first, each once: the views the reservation
 * form records (find views, spec section 7), then those reservations as the user may read them.
 */
export function useMyRecentViews(userId: number | undefined, limit: HomeListSize) {
  return useQuery({
    enabled: userId !== undefined,
    queryKey: ['find', 'jobs', 'home', 'views', userId, limit],
    queryFn: async (): Promise<RecentJob[]> => {
      const views = await find<{ id: number }>({
        col: 'views',
        sort: { time: -1 },
        query: { col: 'jobs', user: userId },
        project: { id: 1 },
        limit: 100,
      });
      const ids = [...new Set(views.data.map((v) => v.id))].slice(0, limit);
      if (ids.length === 0) return [];
      const jobs = await find<JobRow>({
        col: 'jobs',
        query: { _id: { $in: ids } },
        project: { date: 1, status: 1, firstName: 1, lastName: 1 },
        limit,
      });
      const byId = new Map(jobs.data.map((j) => [j._id, j]));
      return ids.flatMap((id) => {
        const j = byId.get(id);
        if (!j) return [];
        return [
          {
            id,
            date: j.date ?? null,
            lastName: j.lastName ?? null,
            status: j.status ?? '',
            passenger: [j.firstName, j.lastName].filter(Boolean).join(' '),
          },
        ];
      });
    },
  });
}

/** One site's day in numbers, refreshed every 30 s and on every write to reservations. */
export function useDashboard(site: number | null) {
  return useQuery({
    queryKey: ['find', 'jobs', 'home', 'dashboard', site],
    queryFn: () => call('dashboard', site === null ? {} : { unit: site }),
    refetchInterval: 30_000,
  });
}
