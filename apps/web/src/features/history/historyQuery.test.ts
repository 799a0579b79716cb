import { describe, expect, it } from 'vitest';
import { i18n } from '#src/app/i18n.ts';
import {
  changedFields,
  collectionLabel,
  HISTORY_COLLECTIONS,
  historyQuery,
  NO_HISTORY_FILTERS,
  recordPath,
} from './historyQuery.ts';

describe('the history screen', () => {
  it('names every collection in words, in English and Portuguese, never by its table name', async () => {
    for (const lang of ['en', 'pt']) {
      const t = i18n.getFixedT(lang);
      for (const name of HISTORY_COLLECTIONS) expect(collectionLabel(t, name), `${lang} ${name}`).not.toBe(name);
    }
    expect(collectionLabel(i18n.getFixedT('en'), 'roadblocks')).toBe('Road blocks');
    expect(collectionLabel(i18n.getFixedT('pt'), 'jobs')).toBe('Reservas');
  });

  it('asks nothing more than what is filtered', () => {
    expect(historyQuery(NO_HISTORY_FILTERS)).toEqual({});
  });

  it('filters by collection, user (typed text, any case), operation and days in New York', () => {
    expect(
      historyQuery({
        collection: 'jobs',
        user: ' ann (x) ',
        operation: 'update',
        from: '2026-11-01',
        to: '2026-11-02',
      }),
    ).toEqual({
      collection: 'jobs',
      user: { $regex: 'ann \\(x\\)', $options: 'i' },
      operation: 'update',
      // midnight in New York (UTC-4 on 1 November before the change, UTC-5 after it on the 3rd)
      time: { $gte: '2026-11-01T04:00:00.000Z', $lt: '2026-11-03T05:00:00.000Z' },
    });
  });

  it("opens a record on its resource's edit page, people on the users screen", () => {
    expect(recordPath('jobs', 7)).toBe('/jobs/edit/7');
    expect(recordPath('users', 3)).toBe('/users/edit/3');
    expect(recordPath('assignPriorityGroups', 3)).toBe('/assign-priority/edit/3');
    expect(recordPath('nothing', 1)).toBeUndefined();
  });

  it('names the fields an update changed', () => {
    const data = { changes: { status: { from: 'new', to: 'routed' }, updatedAt: { from: 1, to: 2 } } };
    expect(changedFields({ operation: 'update', data })).toEqual(['status']);
    expect(changedFields({ operation: 'insert', data: { status: 'new' } })).toEqual([]);
  });
});
