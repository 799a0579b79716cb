import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../constants.ts';
import { EDITABLE_JOB_STATUSES, JOB_TRANSITIONS, jobStatusRefusal, mayChangeJobStatus } from './status.ts';

describe('job status transitions', () => {
  it('lets a form move an editable reservation between the booking statuses and cancel it', () => {
    for (const from of EDITABLE_JOB_STATUSES) {
      expect(mayChangeJobStatus(from, 'canceled', 'form')).toBe(true);
      for (const to of EDITABLE_JOB_STATUSES) expect(mayChangeJobStatus(from, to, 'form')).toBe(true);
    }
  });

  it('keeps routing and trip statuses away from forms', () => {
    for (const from of JOB_STATUSES)
      for (const to of ['routing', 'routed', 'picked', 'dropped', 'noshow'] as const)
        if (from !== to) expect(mayChangeJobStatus(from, to, 'form')).toBe(false);
    expect(mayChangeJobStatus('routed', 'canceled', 'form')).toBe(false);
    expect(mayChangeJobStatus('routed', 'new', 'form')).toBe(false);
  });

  it('lets routing and trips make their own changes only', () => {
    expect(mayChangeJobStatus('new', 'routed', 'routing')).toBe(true);
    expect(mayChangeJobStatus('routed', 'picked', 'trip')).toBe(true);
    expect(mayChangeJobStatus('picked', 'dropped', 'trip')).toBe(true);
    expect(mayChangeJobStatus('new', 'picked', 'trip')).toBe(false);
    expect(mayChangeJobStatus('onhold', 'routed', 'routing')).toBe(false);
  });

  it('keeps a canceled, dropped or no-show reservation final', () => {
    for (const from of ['canceled', 'dropped', 'noshow'] as const) {
      expect(Object.keys(JOB_TRANSITIONS[from])).toEqual([]);
      for (const to of JOB_STATUSES)
        if (to !== from)
          for (const by of ['form', 'routing', 'trip'] as const) expect(mayChangeJobStatus(from, to, by)).toBe(false);
    }
  });

  it('names both statuses when it refuses', () => {
    expect(jobStatusRefusal('routed', 'new')).toMatch(/routed.*new/);
    expect(jobStatusRefusal('canceled', 'new')).toBe('A reservation that is canceled cannot become new.');
    expect(jobStatusRefusal('new', 'picked')).toMatch(/new.*picked/);
  });
});
