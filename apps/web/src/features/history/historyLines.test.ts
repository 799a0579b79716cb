import { type ResourceDef, resourceByKey } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '#src/app/i18n.ts';
import { historyColumns, historyLines, historyRows } from './historyLines.ts';

const jobs = resourceByKey('jobs') as ResourceDef;
const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
const refs = {
  profiles: new Map([
    [1, 'Retail customers'],
    [2, 'Hôtel Place-d’Armes Group'],
  ]),
};

describe('history as a person reads it', () => {
  it('names each changed field by its label, with statuses translated and references by name', () => {
    const change = {
      operation: 'update',
      data: {
        changes: {
          status: { from: 'new', to: 'canceled' },
          profile: { from: 1, to: 2 },
          to: { from: { address: '975 Boulevard Roméo-Vachon Nord' }, to: { address: '895 Rue De la Gauchetière O' } },
          wheelchair: { from: false, to: true },
          updatedAt: { from: 'a', to: 'b' },
        },
      },
    };
    expect(historyLines(jobs, historyColumns(jobs), change, t, refs)).toEqual([
      'Status: New → Canceled',
      'Profile: Retail customers → Hôtel Place-d’Armes Group',
      'To: 975 Boulevard Roméo-Vachon Nord → 895 Rue De la Gauchetière O',
      'Wheelchair: No → Yes',
    ]);
  });

  it('lists a created record’s fields, leaving out the store’s own, and asks for every value referred to', () => {
    const created = { operation: 'insert', data: { _id: 9, unit: 1, status: 'new', seats: 2, profile: 1 } };
    expect(historyLines(jobs, historyColumns(jobs), created, t, refs)).toEqual([
      'Status: New',
      'Seats: 2',
      'Profile: Retail customers',
    ]);
    const change = { operation: 'update', data: { changes: { profile: { from: 1, to: 2 } } } };
    expect(historyRows([created, change])).toEqual([created.data, { profile: 1 }, { profile: 2 }]);
  });
});
