import { useQuery } from '@tanstack/react-query';
import type { RefSpec } from '@tc/domain';
import { find } from '#src/api/find.ts';

/** Choices of a reference input: the records of `ref.col` (narrowed by `ref.query`) labelled by `ref.label`. */
export function useRefOptions(ref: RefSpec | undefined) {
  return useQuery({
    enabled: !!ref,
    queryKey: ['find', ref?.col, 'options', ref],
    queryFn: async () => {
      const spec = ref as RefSpec;
      const r = await find<Record<string, unknown> & { _id: number }>(
        { col: spec.col, query: spec.query ?? {}, limit: 1000, sort: { [spec.label[0] ?? '_id']: 1 } },
        { priority: 'high' },
      );
      return r.data.map((d) => ({
        value: String(d._id),
        label:
          spec.label
            .map((f) => d[f] ?? '')
            .join(' ')
            .trim() || `#${d._id}`,
      }));
    },
    staleTime: 30_000,
  });
}
