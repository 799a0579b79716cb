/** A benchmark instance as read from a file, in the file's own node ids. */
export interface BenchInstance {
  name: string;
  format: 'cordeau' | 'lilim';
  /** Vehicles available (K). */
  vehicles: number;
  capacity: number;
  /** Maximum route duration (Cordeau T), Infinity when the format has none. */
  maxRouteDuration: number;
  /** Maximum ride time per passenger (Cordeau L), Infinity when the format has none. */
  maxRideTime: number;
  nodes: BenchNode[];
  /** Index into nodes of the start and end depot (the same node for Li & Lim). */
  startDepot: number;
  endDepot: number;
  /** Pairs of indexes into nodes. */
  requests: { pickup: number; delivery: number }[];
}

export interface BenchNode {
  id: number;
  x: number;
  y: number;
  service: number;
  load: number;
  early: number;
  late: number;
}

/** A parse failure that names the offending line (1-based). */
export class InstanceParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
    readonly file?: string,
  ) {
    super(`${file ? `${file}: ` : ''}line ${line}: ${message}`);
    this.name = 'InstanceParseError';
  }
}

/** Splits a text into trimmed, non-empty lines that keep their 1-based number. */
export function numberedLines(text: string): { no: number; fields: string[] }[] {
  const out: { no: number; fields: string[] }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const t = raw.trim();
    if (t !== '') out.push({ no: i + 1, fields: t.split(/\s+/) });
  });
  return out;
}

/** Parses every field of a line as a finite number, or throws naming the line and field. */
export function numbersOf(
  line: { no: number; fields: string[] },
  expected: number,
  layout: string,
  file?: string,
): number[] {
  if (line.fields.length !== expected) {
    throw new InstanceParseError(
      line.no,
      `expected ${expected} numbers (${layout}), found ${line.fields.length}`,
      file,
    );
  }
  return line.fields.map((f, k) => {
    const v = Number(f);
    if (!Number.isFinite(v)) {
      throw new InstanceParseError(line.no, `field ${k + 1} "${f}" is not a number (${layout})`, file);
    }
    return v;
  });
}
