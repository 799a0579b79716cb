import { describe, expect, it } from 'vitest';
import { resourceByKey } from '../resources/index.ts';
import type { ResourceDef } from '../resources/resource.ts';
import { importFields, matchColumns, recordOf } from './imports.ts';

const passengers = resourceByKey('passengers') as ResourceDef;

describe('upload data', () => {
  it("offers the form's fields, a place as its address and coordinates, never the site", () => {
    const names = importFields(passengers).map((f) => f.name);
    expect(names).toContain('firstName');
    expect(names).toContain('home.address');
    expect(names).toContain('home.lat');
    expect(names).not.toContain('unit');
  });

  it('matches columns by name or label, whatever the case, accents and signs, each field once', () => {
    const fields = [
      { name: 'firstName', labels: ['First name', 'Prénom'] },
      { name: 'lastName', labels: ['Last name'] },
      { name: 'home.address', labels: ['Home address'] },
    ];
    expect(matchColumns(['FIRST_NAME', 'last name', 'Home Address', 'prenom', 'Shoe size'], fields)).toEqual({
      FIRST_NAME: 'firstName',
      'last name': 'lastName',
      'Home Address': 'home.address',
      prenom: null,
      'Shoe size': null,
    });
  });

  it('makes a record of a row: numbers, yes/no, lists, places nested, blanks left out', () => {
    const row = {
      f: 'Ana ',
      l: 'Lima',
      e: 'ana@example.com',
      ph: '514-555-0101',
      a: '1 Main St',
      lat: '45.5',
      lon: '-73.6',
      p: '1;2',
      w: 'yes',
      n: '',
    };
    const mapping = {
      f: 'firstName',
      l: 'lastName',
      e: 'email',
      ph: 'phone',
      a: 'home.address',
      lat: 'home.lat',
      lon: 'home.lon',
      p: 'profiles',
      w: 'wheelchair',
      n: 'notes',
    };
    const r = recordOf(row, mapping, passengers);
    expect(r).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lima',
      home: { address: '1 Main St', lat: 45.5, lon: -73.6 },
      profiles: [1, 2],
    });
    expect(r).not.toHaveProperty('notes');
    expect(passengers.schema.safeParse({ ...r, unit: 1 }).success).toBe(true);
    // the form's rules refuse a bad row: no email
    expect(passengers.schema.safeParse({ ...r, email: undefined, unit: 1 }).success).toBe(false);
  });
});
