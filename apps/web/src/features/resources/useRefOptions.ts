import { useQuery } from '@tanstack/react-query';
import type { RefSpec } from '@tc/domain';
import { call } from '#src/api/client.ts';

/**
 * Choices of a reference input of `resource`: the records of `ref.col` it may refer to (narrowed
 * to the record's site where the reference says so), labelled by the server (act `options`: a
 * role that may use the resource reads them, though it may not list their collection).
 */
export function useRefOptions(resource: string, ref: RefSpec | undefined) {
  const unit = ref?.sameSiteAs ? ref.query?.unit : undefined;
  return useQuery({
    enabled: !!ref,
    queryKey: ['find', ref?.col, 'options', resource, unit],
    queryFn: async () => {
      const body = { resource, col: (ref as RefSpec).col, ...(typeof unit === 'number' ? { unit } : {}) };
      const r = await call('options', body, { priority: 'high' });
      return r.data.map((o) => ({ value: String(o._id), label: o.label, carry: o.carry }));
    },
    staleTime: 30_000,
  });
}
