export interface Known {
  set: string;
  vehicles: number;
  cost: number;
}

/** instance name → best-known values. */
export type BestKnown = Map<string, Known>;

/** Reads `set,instance,vehicles,cost` (header line required). */
export function readBestKnown(text: string, file: string): BestKnown {
  const out: BestKnown = new Map();
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').trim().split(',');
  const col = (name: string) => {
    const k = header.indexOf(name);
    if (k < 0) throw new Error(`${file}: line 1: missing column "${name}"`);
    return k;
  };
  const [cs, ci, cv, cc] = [col('set'), col('instance'), col('vehicles'), col('cost')];
  lines.slice(1).forEach((line, k) => {
    if (line.trim() === '') return;
    const f = line.trim().split(',');
    const vehicles = Number(f[cv]);
    const cost = Number(f[cc]);
    if (!Number.isFinite(vehicles) || !Number.isFinite(cost))
      throw new Error(`${file}: line ${k + 2}: vehicles and cost must be numbers`);
    out.set(f[ci] ?? '', { set: f[cs] ?? '', vehicles, cost });
  });
  return out;
}
