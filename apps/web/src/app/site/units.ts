import { useQuery } from '@tanstack/react-query';
import { find, findKey } from '#src/api/find.ts';
import type { Unit } from '#src/api/types.ts';

const unitsQuery = { col: 'units', sort: { name: 1 } } as const;

/** The sites an admin chooses among (the site selector's list, the chosen site's type and zone); asked only when enabled. */
export function useUnits(enabled = true) {
  return useQuery({ queryKey: findKey(unitsQuery), queryFn: () => find<Unit>(unitsQuery), enabled });
}
