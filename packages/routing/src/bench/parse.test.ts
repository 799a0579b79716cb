import { describe, expect, it } from 'vitest';
import { InstanceParseError } from './instance.ts';
import { parseInstance } from './parse.ts';

const cordeau = [
  '1 2 480 3 30',
  '0 0 0 0 0 0 480',
  '1 1 0 3 1 0 1440',
  '2 2 0 3 1 0 1440',
  '3 3 0 3 -1 0 1440',
  '4 4 0 3 -1 10 100',
  '5 0 0 0 0 0 480',
].join('\n');
const lilim = [
  '25\t200\t1',
  '0\t40\t50\t0\t0\t1236\t0\t0\t0',
  '1\t45\t68\t10\t0\t967\t90\t0\t2',
  '2\t45\t70\t-10\t825\t870\t90\t1\t0',
].join('\r\n');

function errorOf(text: string): InstanceParseError {
  try {
    parseInstance(text, 't');
  } catch (e) {
    if (e instanceof InstanceParseError) return e;
    throw e;
  }
  throw new Error('parsed without error');
}

describe('parseInstance', () => {
  it('detects and reads a Cordeau file', () => {
    const inst = parseInstance(cordeau, 'c');
    expect(inst.format).toBe('cordeau');
    expect(inst.vehicles).toBe(1);
    expect(inst.maxRideTime).toBe(30);
    expect(inst.maxRouteDuration).toBe(480);
    expect(inst.requests).toEqual([
      { pickup: 1, delivery: 3 },
      { pickup: 2, delivery: 4 },
    ]);
    expect(inst.nodes[4]).toMatchObject({ id: 4, early: 10, late: 100, load: -1, service: 3 });
    expect(inst.endDepot).toBe(5);
  });

  it('detects and reads a Li & Lim file with CRLF line ends', () => {
    const inst = parseInstance(lilim, 'l');
    expect(inst.format).toBe('lilim');
    expect(inst.capacity).toBe(200);
    expect(inst.requests).toEqual([{ pickup: 1, delivery: 2 }]);
    expect(inst.maxRideTime).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    ['an empty file', '', 1, /empty file/],
    ['an unknown header', '1 2 3 4', 1, /unknown format/],
    ['a non-numeric field', cordeau.replace('2 2 0 3 1 0 1440', '2 2 x 3 1 0 1440'), 4, /field 3 "x" is not a number/],
    ['a short node line', cordeau.replace('3 3 0 3 -1 0 1440', '3 3 0 3 -1 0'), 5, /expected 7 numbers/],
    ['a missing node', cordeau.split('\n').slice(0, 6).join('\n'), 7, /missing node 5/],
    ['a node out of order', cordeau.replace('2 2 0 3 1 0 1440', '7 2 0 3 1 0 1440'), 4, /expected node 2, found 7/],
    [
      'an empty window',
      cordeau.replace('4 4 0 3 -1 10 100', '4 4 0 3 -1 100 10'),
      6,
      /time window \[100, 10\] is empty/,
    ],
    [
      'a negative service time',
      cordeau.replace('2 2 0 3 1 0 1440', '2 2 0 -3 1 0 1440'),
      4,
      /node 2 has a negative service time -3/,
    ],
    ['unbalanced loads', cordeau.replace('4 4 0 3 -1 10 100', '4 4 0 3 -2 10 100'), 6, /does not cancel/],
    ['a trailing line', `${cordeau}\n6 0 0 0 0 0 1`, 8, /unexpected line/],
  ])('Cordeau: rejects %s, naming its line', (_, text, line, message) => {
    const e = errorOf(text);
    expect(e.line).toBe(line);
    expect(e.message).toMatch(message);
    expect(e.message).toContain(`line ${line}`);
  });

  it.each([
    [
      'a dangling delivery reference',
      lilim.replace('0\t2\r\n', '0\t9\r\n'),
      3,
      /names delivery 9, which does not exist/,
    ],
    ['a delivery naming another pickup', lilim.replace('90\t1\t0', '90\t0\t0'), 4, /names pickup 0, not 1/],
    ['a duplicated node', `${lilim}\r\n2\t1\t1\t0\t0\t1\t0\t1\t0`, 5, /node 2 appears twice/],
    [
      'a negative service time',
      lilim.replace('825\t870\t90', '825\t870\t-90'),
      4,
      /node 2 has a negative service time -90/,
    ],
    ['a nine-field line cut short', lilim.replace('\t90\t1\t0', '\t90'), 4, /expected 9 numbers/],
  ])('Li & Lim: rejects %s, naming its line', (_, text, line, message) => {
    const e = errorOf(text);
    expect(e.line).toBe(line);
    expect(e.message).toMatch(message);
  });
});
