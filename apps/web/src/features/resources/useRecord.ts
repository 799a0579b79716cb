import { useQuery } from '@tanstack/react-query';
import type { ResourceDef } from '@tc/domain';
import { find } from '#src/api/find.ts';
import type { Row } from './useResourcePage.ts';

/** One record of a resource by id (with its `_version`, which an update sends back). */
export function useRecord(def: ResourceDef, id: number | undefined) {
  return useQuery({
    enabled: id !== undefined && Number.isSafeInteger(id),
    queryKey: ['find', def.collection, 'record', id],
    queryFn: async () => {
      const r = await find<Row>(
        { col: def.collection, query: { ...(def.fixed ?? {}), _id: id }, limit: 1 },
        { priority: 'high' },
      );
      return r.data[0] ?? null;
    },
  });
}
