import { describe, expect, it } from 'vitest';
import { can } from '../permissions/access.ts';
import { DEFAULT_GRANTS, expandGrant } from '../permissions/roles.ts';
import { resourceByKey } from './defs/index.ts';
import { visibleTabs } from './tabs.ts';

const canOf = (role: keyof typeof DEFAULT_GRANTS) => {
  const access = expandGrant(DEFAULT_GRANTS[role]);
  return (module: Parameters<typeof can>[1], action: string) => can(access, module, action);
};

describe('record tabs a role may use', () => {
  it('hides the history of a passenger from an agent, who has no history view, and shows it to an admin', () => {
    const passengers = resourceByKey('passengers');
    if (!passengers) throw new Error('no passengers');
    expect(visibleTabs(passengers, canOf('agent'))).not.toContain('history');
    expect(visibleTabs(passengers, canOf('agent'))).toContain('notes');
    expect(visibleTabs(passengers, canOf('admin'))).toEqual(passengers.tabs);
  });

  it('shows a reservation’s summary to whoever reads history, and its charges to accounting', () => {
    const jobs = resourceByKey('jobs');
    if (!jobs) throw new Error('no jobs');
    expect(visibleTabs(jobs, canOf('agent'))).toEqual(['notes']);
    expect(visibleTabs(jobs, canOf('superagent'))).toEqual(['summary', 'notes', 'history']);
    expect(visibleTabs(jobs, canOf('accountingadmin'))).toEqual(['summary', 'notes', 'payments', 'history']);
  });
});
