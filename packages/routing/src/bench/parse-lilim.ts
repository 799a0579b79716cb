import { type BenchInstance, type BenchNode, InstanceParseError, numberedLines, numbersOf } from './instance.ts';

const HEADER = 'K Q S';
const NODE = 'i x y q e l s p d';

/** Li & Lim (2003) PDPTW format: header `K Q S`, then nodes `i x y q e l s p d`, node 0 the depot. */
export function parseLiLim(text: string, name: string, file?: string): BenchInstance {
  const lines = numberedLines(text);
  const head = lines[0];
  if (!head) throw new InstanceParseError(1, 'empty file', file);
  const [K = 0, Q = 0] = numbersOf(head, 3, HEADER, file);
  if (!Number.isInteger(K) || K < 1)
    throw new InstanceParseError(head.no, `K must be a positive integer, got ${K}`, file);
  const nodes: BenchNode[] = [];
  const links: { p: number; d: number; no: number }[] = [];
  const indexOf = new Map<number, number>();
  for (const line of lines.slice(1)) {
    const [id = 0, x = 0, y = 0, q = 0, e = 0, l = 0, s = 0, p = 0, d = 0] = numbersOf(line, 9, NODE, file);
    if (indexOf.has(id)) throw new InstanceParseError(line.no, `node ${id} appears twice`, file);
    if (e > l) throw new InstanceParseError(line.no, `time window [${e}, ${l}] is empty`, file);
    // the solver's bisections rely on times that only grow along a route (insertion.ts)
    if (s < 0) throw new InstanceParseError(line.no, `node ${id} has a negative service time ${s}`, file);
    indexOf.set(id, nodes.length);
    nodes.push({ id, x, y, service: s, load: q, early: e, late: l });
    links.push({ p, d, no: line.no });
  }
  if (nodes.length === 0 || nodes[0]?.id !== 0)
    throw new InstanceParseError(lines[1]?.no ?? 2, 'the first node must be the depot 0', file);
  const requests: { pickup: number; delivery: number }[] = [];
  nodes.forEach((node, k) => {
    const link = links[k];
    if (k === 0 || !link) return;
    if (link.p === 0 && link.d === 0)
      throw new InstanceParseError(link.no, `node ${node.id} is neither a pickup nor a delivery`, file);
    if (link.d !== 0) {
      const dk = indexOf.get(link.d);
      const dl = dk === undefined ? undefined : links[dk];
      if (dk === undefined || !dl)
        throw new InstanceParseError(link.no, `pickup ${node.id} names delivery ${link.d}, which does not exist`, file);
      if (dl.p !== node.id)
        throw new InstanceParseError(dl.no, `delivery ${link.d} names pickup ${dl.p}, not ${node.id}`, file);
      if (node.load < 0) throw new InstanceParseError(link.no, `pickup ${node.id} has a negative demand`, file);
      if (nodes[dk]?.load !== -node.load)
        throw new InstanceParseError(dl.no, `delivery ${link.d} demand does not cancel pickup ${node.id}`, file);
      requests.push({ pickup: k, delivery: dk });
    } else {
      const pk = indexOf.get(link.p);
      if (pk === undefined || links[pk]?.d !== node.id)
        throw new InstanceParseError(
          link.no,
          `delivery ${node.id} names pickup ${link.p}, which does not name it back`,
          file,
        );
    }
  });
  return {
    name,
    format: 'lilim',
    vehicles: K,
    capacity: Q,
    maxRouteDuration: Number.POSITIVE_INFINITY,
    maxRideTime: Number.POSITIVE_INFINITY,
    nodes,
    startDepot: 0,
    endDepot: 0,
    requests,
  };
}
