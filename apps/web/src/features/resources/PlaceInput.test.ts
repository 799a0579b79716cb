import { describe, expect, it } from 'vitest';
import { placeOf } from './PlaceInput.tsx';

describe('a known place chosen', () => {
  it('fills its address, coordinates and id', () => {
    const known = {
      value: '4',
      label: 'Gare Centrale',
      carry: { address: '895 Rue De la Gauchetière O', lat: 45.5, lon: -73.57 },
    };
    expect(placeOf(known)).toEqual({ address: '895 Rue De la Gauchetière O', lat: 45.5, lon: -73.57, location: 4 });
  });

  it('falls back on its name without an address, and leaves unknown coordinates out', () => {
    expect(placeOf({ value: '5', label: 'Depot' })).toEqual({
      address: 'Depot',
      lat: undefined,
      lon: undefined,
      location: 5,
    });
  });
});
