import { describe, expect, it } from 'vitest';
import { removalSize } from './search.ts';

describe('removalSize', () => {
  it('takes out up to a quarter of the requests, at most 20, and up to 40 from 200 requests on', () => {
    expect(removalSize(2)).toEqual({ min: 1, max: 2 });
    expect(removalSize(50)).toEqual({ min: 4, max: 13 });
    expect(removalSize(107)).toEqual({ min: 4, max: 20 });
    expect(removalSize(199)).toEqual({ min: 4, max: 20 });
    expect(removalSize(200)).toEqual({ min: 4, max: 40 });
    expect(removalSize(1000)).toEqual({ min: 4, max: 40 });
  });
});
