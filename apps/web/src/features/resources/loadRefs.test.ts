import '#src/test/setup.ts';
import { resourceByKey } from '@tc/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '#src/test/fakeServer.ts';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { loadRefs } from './useResourcePage.ts';

describe('labels of what a list refers to', () => {
  afterEach(() => fakeFetch.mockReset());

  it('asks the server for the labels of the ids on the page, as the resource’s options', async () => {
    logInAs(makeUser('agent'));
    const server = fakeServer({
      options: (body) => ({ data: (body.ids as number[]).map((id) => ({ _id: id, label: `Profile ${id}` })) }),
    });
    const passengers = resourceByKey('passengers');
    if (!passengers) throw new Error('no passengers resource');
    const row = (id: number, profiles: number[]) => ({ _id: id, _version: 1, unit: 1, profiles });
    const labels = await loadRefs(passengers, [row(1, [7, 8]), row(2, [8])]);
    expect(labels.profiles?.get(7)).toBe('Profile 7');
    expect(labels.profiles?.get(8)).toBe('Profile 8');
    expect(server.bodies).toEqual([
      expect.objectContaining({ act: 'options', resource: 'passengers', col: 'profiles', ids: [7, 8] }),
    ]);
  });
});
