import { useQuery } from '@tanstack/react-query';
import { find, findKey } from '#src/api/find.ts';

/** A mail the server kept instead of sending it (embedded/demo mode). */
export interface OutboxMail {
  _id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  time: string;
  kind?: string;
  /** The mail carried a password link, kept apart from its text (act outboxlink, owner only). */
  hasLink?: boolean;
}

const body = { col: 'outbox', sort: { time: -1 }, limit: 200 } as const;

export function useOutbox() {
  return useQuery({ queryKey: findKey(body), queryFn: () => find<OutboxMail>(body, { priority: 'highest' }) });
}
