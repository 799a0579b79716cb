/**
 * A reservation's life (issue 11, point 6: the summary tab), read from its history: when it was
 * booked, its status changes, the trip it was routed into or released from, the driver given, the
 * other changes, each with who and when.
 */

/** One history record of a reservation (the `history` collection's read shape). */
export interface JobHistoryEntry {
  time: string;
  user?: string | null;
  operation: 'insert' | 'update' | 'delete';
  data?: Record<string, unknown> | null;
}

export type JobEvent =
  | { kind: 'booked'; time: string; user: string; status: string }
  | { kind: 'status'; time: string; user: string; from: string; to: string }
  | { kind: 'trip'; time: string; user: string; trip: number | null }
  | { kind: 'driver'; time: string; user: string; driver: number | null }
  | { kind: 'changed'; time: string; user: string; fields: string[] }
  | { kind: 'deleted'; time: string; user: string };

/** Fields a change lists by name; the links of a round trip are the booking's own work, not a change. */
const QUIET = new Set(['legs', 'updatedAt', 'createdAt', 'createdBy']);

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const id = (v: unknown) => (typeof v === 'number' ? v : null);

/** The reservation's events, oldest first. */
export function jobTimeline(entries: readonly JobHistoryEntry[]): JobEvent[] {
  const events: JobEvent[] = [];
  const ordered = [...entries].sort((a, b) => a.time.localeCompare(b.time));
  for (const e of ordered) {
    const at = { time: e.time, user: e.user ?? '' };
    if (e.operation === 'insert') {
      events.push({ kind: 'booked', ...at, status: text(e.data?.status) || 'new' });
      continue;
    }
    if (e.operation === 'delete') {
      events.push({ kind: 'deleted', ...at });
      continue;
    }
    const changes = (e.data?.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
    const rest: string[] = [];
    for (const [field, change] of Object.entries(changes)) {
      if (field === 'status') events.push({ kind: 'status', ...at, from: text(change.from), to: text(change.to) });
      else if (field === 'trip') events.push({ kind: 'trip', ...at, trip: id(change.to) });
      else if (field === 'driver') events.push({ kind: 'driver', ...at, driver: id(change.to) });
      else if (!QUIET.has(field)) rest.push(field);
    }
    if (rest.length > 0) events.push({ kind: 'changed', ...at, fields: rest.sort() });
  }
  return events;
}
