import { type BenchInstance, type BenchNode, InstanceParseError, numberedLines, numbersOf } from './instance.ts';

const HEADER = 'K n T Q L';
const NODE = 'i x y d q e l';

/** Cordeau (2006) DARP format: header `K n T Q L`, then nodes 0..2n+1 as `i x y d q e l`. */
export function parseCordeau(text: string, name: string, file?: string): BenchInstance {
  const lines = numberedLines(text);
  const head = lines[0];
  if (!head) throw new InstanceParseError(1, 'empty file', file);
  const [K = 0, n = 0, T = 0, Q = 0, L = 0] = numbersOf(head, 5, HEADER, file);
  if (!Number.isInteger(n) || n < 1)
    throw new InstanceParseError(head.no, `n must be a positive integer, got ${n}`, file);
  if (!Number.isInteger(K) || K < 1)
    throw new InstanceParseError(head.no, `K must be a positive integer, got ${K}`, file);
  const expected = 2 * n + 2;
  const nodes: BenchNode[] = [];
  for (let k = 0; k < expected; k++) {
    const line = lines[k + 1];
    if (!line) {
      const last = lines[lines.length - 1]?.no ?? 1;
      throw new InstanceParseError(last + 1, `missing node ${k}: expected ${expected} node lines for n = ${n}`, file);
    }
    const [id = 0, x = 0, y = 0, d = 0, q = 0, e = 0, l = 0] = numbersOf(line, 7, NODE, file);
    if (id !== k) throw new InstanceParseError(line.no, `expected node ${k}, found ${id}`, file);
    if (e > l) throw new InstanceParseError(line.no, `time window [${e}, ${l}] is empty`, file);
    // the solver's bisections rely on times that only grow along a route (insertion.ts)
    if (d < 0) throw new InstanceParseError(line.no, `node ${k} has a negative service time ${d}`, file);
    if (k >= 1 && k <= n && q < 0) throw new InstanceParseError(line.no, `pickup ${k} has a negative load ${q}`, file);
    nodes.push({ id, x, y, service: d, load: q, early: e, late: l });
  }
  const extra = lines[expected + 1];
  if (extra) throw new InstanceParseError(extra.no, `unexpected line after the end depot ${expected - 1}`, file);
  for (let i = 1; i <= n; i++) {
    const p = nodes[i];
    const d = nodes[n + i];
    if (p && d && p.load !== -d.load) {
      const line = lines[n + i + 1];
      throw new InstanceParseError(
        line?.no ?? 0,
        `drop-off ${n + i} load ${d.load} does not cancel pickup ${i} load ${p.load}`,
        file,
      );
    }
  }
  return {
    name,
    format: 'cordeau',
    vehicles: K,
    capacity: Q,
    maxRouteDuration: T,
    maxRideTime: L,
    nodes,
    startDepot: 0,
    endDepot: expected - 1,
    requests: Array.from({ length: n }, (_, i) => ({ pickup: i + 1, delivery: n + i + 1 })),
  };
}
