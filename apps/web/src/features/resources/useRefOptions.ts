import { useQuery } from '@tanstack/react-query';
import type { RefSpec } from '@tc/domain';
import { call } from '#src/api/client.ts';

/**
 * Choices of a reference input of `resource`: the records of `ref.col` it may refer to (narrowed
 * to the record's site where the reference says so), labelled by the server (act `options`: a
 * role that may use the resource reads them, though it may not list their collection). The first
 * 1,000 by label come at once; `chosen` records beyond them (a site's 1,001st passenger, one just
 * created) are asked by id, so that a chosen record always shows its name.
 */
export function useRefOptions(resource: string, ref: RefSpec | undefined, chosen: readonly number[] = []) {
  const unit = ref?.sameSiteAs ? ref.query?.unit : undefined;
  const ask = async (ids?: number[]) => {
    const body = {
      resource,
      col: (ref as RefSpec).col,
      ...(typeof unit === 'number' ? { unit } : {}),
      ...(ids ? { ids } : {}),
    };
    const r = await call('options', body, { priority: 'high' });
    return r.data.map((o) => ({ value: String(o._id), label: o.label, carry: o.carry }));
  };
  const base = useQuery({
    enabled: !!ref,
    queryKey: ['find', ref?.col, 'options', resource, unit],
    queryFn: () => ask(),
    staleTime: 30_000,
  });
  const listed = new Set((base.data ?? []).map((o) => o.value));
  const missing = chosen.filter((id) => !listed.has(String(id)));
  const extra = useQuery({
    enabled: !!ref && base.isSuccess && missing.length > 0,
    queryKey: ['find', ref?.col, 'options', resource, unit, 'ids', missing],
    queryFn: () => ask(missing),
    staleTime: 30_000,
  });
  const data = base.data && extra.data ? [...base.data, ...extra.data] : base.data;
  return { ...base, data };
}
