import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '#src/api/client.ts';
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

/** The password link of one outbox mail, fetched on demand (act outboxlink: the owner account only). */
export function useOutboxLink(id: number) {
  return useMutation({ mutationFn: () => call('outboxlink', { id }) });
}
