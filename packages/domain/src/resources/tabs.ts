import type { ModuleKey } from '../permissions/modules.ts';
import type { ResourceDef } from './resource.ts';

export type RecordTab = NonNullable<ResourceDef['tabs']>[number];

/** The module whose view a tab of an edit page reads (the server refuses the rest). */
export function tabModule(def: ResourceDef, tab: RecordTab): ModuleKey {
  switch (tab) {
    // a reservation's summary is read from its history
    case 'summary':
    case 'history':
      return 'history';
    case 'notes':
      return def.module;
    // a reservation's payments are its charges and refunds (accounting); a rider's, their priced reservations
    case 'payments':
      return def.collection === 'jobs' ? 'accounting' : 'jobs';
    case 'parents':
      return 'parents';
    case 'passengers':
      return 'passengers';
  }
}

/** The tabs a caller may open: a tab the role may not use is hidden, not shown and refused. */
export function visibleTabs(def: ResourceDef, can: (module: ModuleKey, action: string) => boolean): RecordTab[] {
  return (def.tabs ?? []).filter((tab) => can(tabModule(def, tab), 'view'));
}
