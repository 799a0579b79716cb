import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/api/client.ts';
import { flushQueue, loadQueue, type QueuedAction, saveQueue } from './actionQueue.ts';

const q = (key: string, action: QueuedAction['action'], job?: number): QueuedAction => ({
  key,
  trip: 7,
  action,
  job,
  at: 1000 + Number(key),
});

describe('the driver app’s action queue', () => {
  it('sends in order, sets refused actions aside and goes on', async () => {
    const sent: string[] = [];
    const { left, refused } = await flushQueue([q('1', 'approve'), q('2', 'noshow', 3), q('3', 'start')], async (a) => {
      sent.push(a.key);
      if (a.action === 'noshow') throw new ApiError('refused', 409, undefined, 'jobStatusChange');
    });
    expect(sent).toEqual(['1', '2', '3']);
    expect(left).toEqual([]);
    expect(refused.map((r) => [r.key, r.error.status])).toEqual([['2', 409]]);
  });

  it('stops at the first action that got no answer and keeps it and what follows, in order', async () => {
    const sent: string[] = [];
    const queue = [q('1', 'approve'), q('2', 'start'), q('3', 'pickup', 4)];
    const { left, refused } = await flushQueue(queue, async (a) => {
      if (a.key === '2') throw new ApiError('Could not reach the server', 0, undefined, 'network');
      sent.push(a.key);
    });
    expect(sent).toEqual(['1']);
    expect(left.map((a) => a.key)).toEqual(['2', '3']);
    expect(refused).toEqual([]);
  });

  it('keeps the queue across a reload of the page', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as unknown as Storage;
    saveQueue([q('1', 'approve')], fake);
    expect(loadQueue(fake)).toEqual([q('1', 'approve')]);
    saveQueue([], fake);
    expect(loadQueue(fake)).toEqual([]);
  });
});
